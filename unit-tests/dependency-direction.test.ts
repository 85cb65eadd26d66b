import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import ts from "typescript"

/**
 * Dependencies run one way: api/jobs/subscribers → workflows → links → providers → modules → utils →
 * the tikkie-client package (RANK), and tikkie-client imports nothing of Medusa. The sandbox
 * (tikkie-sandbox) imports the client and nothing of Medusa, and the plugin never imports it (it does not
 * ship). The admin (a browser bundle) reads the server only for types. Every import and re-export of the
 * plugin's src and of both packages' src is read with TypeScript's parser; an import of a workspace
 * package by name (`tikkie-client/fast-checkout`) counts as an edge to that package's source file.
 */
const ROOT = path.resolve(__dirname, "..")
const SRC = path.join(ROOT, "src")
const PACKAGES: Record<string, string> = {
  "tikkie-client": path.join("packages", "tikkie-client", "src"),
  "tikkie-sandbox": path.join("packages", "tikkie-sandbox", "src"),
}

/**
 * A layer imports only layers of a lower rank (and itself): a strict order, no two layers share a rank
 * except those that never import each other (api, jobs, subscribers; tikkie-client and storefront).
 */
const RANK: Record<string, number> = {
  "tikkie-client": 0,
  /** `medusa-plugin-tikkie/storefront`, bundled into shops' browsers: imports only its own files. */
  storefront: 0,
  /** Leaf utilities (money, option schemas, log helpers, lock timeouts): below everything that uses them. */
  utils: 1,
  /** The modules, with their own domain logic (the bank's sessions and tokens, the v1 pay grant). */
  modules: 2,
  providers: 3,
  links: 4,
  /**
   * The flows, their steps, and the feature logic they share with the routes and jobs that start them
   * (`workflows/<feature>/utils/`, `workflows/utils/`), as `@medusajs/core-flows` keeps `<domain>/utils/`.
   */
  workflows: 5,
  api: 6,
  jobs: 6,
  subscribers: 6,
  /** `src/index.ts`, the package's root export: may name anything, nothing imports it. */
  index: 7,
}

/**
 * Today's known exceptions, each a `from` file and the path prefix it may reach against the direction.
 * Nothing new goes here: fix the import instead. Remove an entry when its import is gone.
 */
const KNOWN_EXCEPTIONS: Array<{ from: string; to: string; why: string }> = []
/**
 * The browser bundles (the admin, the storefront helper) may import these server files at runtime: they
 * import nothing but each other, and use nothing of Node (the admin's link forms check Tikkie's own rules).
 */
const BROWSER_SAFE_SERVER_FILES = [
  "src/providers/provider-keys.ts",
  "packages/tikkie-client/src/payment-requests/v2/rules.ts",
  "packages/tikkie-client/src/payment-requests/v2/amsterdam-date.ts",
  "packages/tikkie-client/src/fast-checkout/money.ts",
]

interface Edge {
  from: string
  spec: string
  to?: string
  typeOnly: boolean
  names: string[]
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) sourceFiles(p, out)
    else if (/\.(ts|tsx)$/.test(e.name) && !e.name.endsWith(".d.ts")) out.push(p)
  }
  return out
}

/** A relative import, or a workspace package's by name, as the file it reaches (relative to ROOT). */
function resolveSpec(fromFile: string, spec: string): string | undefined {
  const pkg = Object.keys(PACKAGES).find((name) => spec === name || spec.startsWith(`${name}/`))
  if (pkg) return resolveRelative(path.join(ROOT, PACKAGES[pkg], "x.ts"), `./${spec.slice(pkg.length + 1) || "index"}`)
  return spec.startsWith(".") ? resolveRelative(fromFile, spec) : undefined
}

function resolveRelative(fromFile: string, spec: string): string {
  const base = path.resolve(path.dirname(fromFile), spec)
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ]) {
    try {
      if (readdirSync(path.dirname(candidate)).includes(path.basename(candidate)) && /\.(ts|tsx)$/.test(candidate)) {
        return path.relative(ROOT, candidate)
      }
    } catch {
      // not a directory: try the next
    }
  }
  return path.relative(ROOT, base)
}

function edgesOf(file: string): Edge[] {
  const text = readFileSync(file, "utf8")
  const sf = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.ES2022,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  )
  const from = path.relative(ROOT, file)
  const edges: Edge[] = []
  const add = (spec: string, typeOnly: boolean, names: string[] = []) =>
    edges.push({ from, spec, typeOnly, names, to: resolveSpec(file, spec) })
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause
      const named =
        clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined
      const allTypes =
        !!clause &&
        (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)))
      add(
        node.moduleSpecifier.text,
        allTypes,
        named?.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text) ?? []
      )
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.isTypeOnly)
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === "require")) &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false)
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return edges
}

/** A workspace package's name, else the folder under src, or for a file directly in src its name (`index`). */
const layerOf = (rel: string) =>
  Object.keys(PACKAGES).find((name) => rel.startsWith(PACKAGES[name] + path.sep)) ??
  rel.split(path.sep)[1].replace(/\.tsx?$/, "")
const known = (e: Edge) => KNOWN_EXCEPTIONS.some((x) => e.from.startsWith(x.from) && !!e.to?.startsWith(x.to))

/** What is wrong with one import, or undefined. */
function violation(e: Edge): string | undefined {
  const fromLayer = layerOf(e.from)
  if ((fromLayer === "tikkie-client" || fromLayer === "tikkie-sandbox") && e.spec.startsWith("@medusajs/")) {
    return `${fromLayer} imports nothing of Medusa`
  }
  if (e.to && layerOf(e.to) === "tikkie-sandbox" && fromLayer !== "tikkie-sandbox")
    return "nothing imports the sandbox (it does not ship)"
  if (fromLayer === "tikkie-sandbox") return undefined // the sandbox may use the client's contract modules
  const storefrontRefusal =
    "the storefront helper imports only its own files and import-free server files (browser-safe)"
  if (fromLayer === "storefront" && !e.to) return storefrontRefusal
  // Every part gets its container from Medusa (a route's req.scope, a job's or step's argument, a
  // provider's or module's own): the framework-wide one would reach past module isolation.
  if (e.spec === "@medusajs/framework" && e.names.includes("container")) {
    return "nothing reaches the framework-wide container"
  }
  if (!e.to || !(e.to.startsWith(`src${path.sep}`) || layerOf(e.to) === "tikkie-client")) return undefined
  const toLayer = layerOf(e.to)
  if (fromLayer === toLayer) return undefined
  if (fromLayer === "admin") {
    return e.typeOnly || BROWSER_SAFE_SERVER_FILES.includes(e.to)
      ? undefined
      : "the admin bundle imports server code for types only"
  }
  if (toLayer === "admin") return "nothing imports the admin"
  if (fromLayer === "storefront") return BROWSER_SAFE_SERVER_FILES.includes(e.to) ? undefined : storefrontRefusal
  const fromRank = RANK[fromLayer]
  const toRank = RANK[toLayer]
  if (fromRank === undefined || toRank === undefined)
    return `unknown layer ${fromRank === undefined ? fromLayer : toLayer}`
  if (known(e)) return undefined
  if (toRank > fromRank)
    return `${fromLayer} may not import ${toLayer} (api/jobs/subscribers → workflows → links → providers → modules → utils → tikkie-client)`
  if (toRank === fromRank) return `${fromLayer} may not import ${toLayer}`
  return undefined
}

describe("dependency direction", () => {
  const edges = [SRC, ...Object.values(PACKAGES).map((p) => path.join(ROOT, p))]
    .flatMap((dir) => sourceFiles(dir))
    .flatMap(edgesOf)

  it("reads the imports it checks (the parser finds them)", () => {
    // Not vacuous: every layer's imports are seen, type-only ones told apart.
    const seen = new Set(edges.filter((e) => e.to).map((e) => `${layerOf(e.from)}>${layerOf(e.to!)}`))
    for (const pair of [
      "api>workflows",
      "workflows>modules",
      "providers>tikkie-client",
      "jobs>workflows",
      "tikkie-sandbox>tikkie-client",
    ])
      expect(seen).toContain(pair)
    expect(
      edges.some((e) => e.from.startsWith(`src${path.sep}admin`) && e.typeOnly && e.to?.startsWith(`src${path.sep}api`))
    ).toBe(true)
  })

  it("no import runs against api/jobs/subscribers → workflows → links → providers → modules → utils → tikkie-client", () => {
    const wrong = edges.map((e) => ({ e, why: violation(e) })).filter((x) => x.why)
    expect(wrong.map(({ e, why }) => `${e.from} imports ${e.to ?? e.spec}: ${why}`)).toEqual([])
  })

  it("the server files the browser bundles may import import nothing but each other", () => {
    const fromSafe = edges.filter(
      (e) => BROWSER_SAFE_SERVER_FILES.includes(e.from.split(path.sep).join("/")) && !e.typeOnly
    )
    expect(
      fromSafe
        .filter((e) => !e.to || !BROWSER_SAFE_SERVER_FILES.includes(e.to.split(path.sep).join("/")))
        .map((e) => `${e.from} imports ${e.spec}`)
    ).toEqual([])
  })

  it("the check refuses what it should (one import of each kind made up here)", () => {
    const made = (
      from: string,
      to: string | undefined,
      spec: string,
      typeOnly = false,
      names: string[] = []
    ): Edge => ({
      from: path.join(...from.split("/")),
      to: to && path.join(...to.split("/")),
      spec,
      typeOnly,
      names,
    })
    expect(violation(made("packages/tikkie-client/src/core/http.ts", undefined, "@medusajs/framework/utils"))).toMatch(
      /nothing of Medusa/
    )
    expect(violation(made("packages/tikkie-sandbox/src/server.ts", undefined, "@medusajs/framework/utils"))).toMatch(
      /nothing of Medusa/
    )
    expect(violation(made("src/workflows/x.ts", "packages/tikkie-sandbox/src/index.ts", "tikkie-sandbox"))).toMatch(
      /nothing imports the sandbox/
    )
    expect(
      violation(
        made(
          "packages/tikkie-client/src/x.ts",
          "packages/tikkie-sandbox/src/control-client.ts",
          "tikkie-sandbox/control-client"
        )
      )
    ).toMatch(/nothing imports the sandbox/)
    expect(
      violation(
        made(
          "packages/tikkie-client/src/core/x.ts",
          "src/workflows/utils/poll-schedule.ts",
          "../../../../src/workflows/utils/poll-schedule"
        )
      )
    ).toMatch(/tikkie-client may not import workflows/)
    expect(
      violation(
        made("src/providers/x.ts", "packages/tikkie-client/src/fast-checkout/index.ts", "tikkie-client/fast-checkout")
      )
    ).toBeUndefined()
    expect(
      violation(
        made(
          "src/modules/tikkie/service.ts",
          "src/workflows/tikkie-bank/reconcile.ts",
          "../../workflows/tikkie-bank/reconcile"
        )
      )
    ).toMatch(/may not import workflows/)
    expect(
      violation(made("src/workflows/fast-checkout/x.ts", "src/api/middlewares.ts", "../../api/middlewares"))
    ).toMatch(/may not import api/)
    expect(violation(made("src/jobs/x.ts", "src/api/utils/validate.ts", "../api/utils/validate"))).toMatch(
      /jobs may not import api/
    )
    expect(
      violation(made("src/links/x.ts", "src/workflows/tikkie-bank/reconcile.ts", "../workflows/tikkie-bank/reconcile"))
    ).toMatch(/links may not import workflows/)
    expect(violation(made("src/admin/x.tsx", "src/api/types.ts", "../api/types"))).toMatch(/types only/)
    expect(violation(made("src/admin/x.tsx", "src/api/types.ts", "../api/types", true))).toBeUndefined()
    expect(violation(made("src/workflows/x.ts", undefined, "@medusajs/framework", false, ["container"]))).toMatch(
      /framework-wide container/
    )
    expect(
      violation(made("src/providers/fast-checkout/x.ts", "src/workflows/payment-request/v1-setup.ts", "x"))
    ).toMatch(/providers may not import workflows/)
    expect(violation(made("src/api/x.ts", "src/workflows/x.ts", "x"))).toBeUndefined()
    expect(violation(made("src/storefront/x.ts", undefined, "node:crypto"))).toMatch(/browser-safe/)
    expect(
      violation(
        made("src/storefront/x.ts", "src/providers/fast-checkout/service.ts", "../providers/fast-checkout/service")
      )
    ).toMatch(/browser-safe/)
    expect(
      violation(made("src/storefront/x.ts", "src/providers/provider-keys.ts", "../providers/provider-keys"))
    ).toBeUndefined()
    expect(
      violation(made("src/api/x.ts", "src/storefront/start-checkout.ts", "../storefront/start-checkout", true))
    ).toBeUndefined()
    expect(
      violation(
        made(
          "src/utils/x.ts",
          "src/workflows/fast-checkout/utils/import-payer.ts",
          "../workflows/fast-checkout/utils/import-payer"
        )
      )
    ).toMatch(/utils may not import workflows/)
    expect(violation(made("src/utils/x.ts", "src/providers/provider-keys.ts", "../providers/provider-keys"))).toMatch(
      /utils may not import providers/
    )
    expect(violation(made("src/providers/x.ts", "src/workflows/utils/x.ts", "../workflows/utils/x"))).toMatch(
      /providers may not import workflows/
    )
    expect(violation(made("src/lib/x.ts", "src/utils/x.ts", "../utils/x"))).toMatch(/unknown layer lib/)
    expect(violation(made("src/modules/x/y.ts", "src/providers/x.ts", "../../providers/x"))).toMatch(
      /modules may not import providers/
    )
    expect(violation(made("src/jobs/x.ts", "src/subscribers/x.ts", "../subscribers/x"))).toMatch(
      /jobs may not import subscribers/
    )
  })
})
