#!/usr/bin/env node
/**
 * `npm run test:package`: the three packages as their users get them, from a registry.
 *
 * 1. Starts a real npm registry on this machine (Verdaccio, scripts/registry.js) and publishes the three
 *    packages to it as a release does (scripts/publish.js: each package's own prepack, in dependency
 *    order: tikkie-client, tikkie-sandbox, the plugin). Then `npm publish --dry-run` of each package against
 *    the public registry, the release workflow's publish step without the upload.
 * 2. Downloads the three tarballs the registry serves and checks each: a LICENSE, README and CHANGELOG, the
 *    repository, homepage and bugs fields, no source maps, no repository config, no tests or demo, type
 *    declarations of every public export; the plugin's carries no sandbox file.
 * 3. A project without Medusa installs `tikkie-client` by name: no Medusa comes with it, and its README's
 *    TypeScript example compiles under strict tsc; then the plugin by name for its storefront helper.
 * 4. For the lowest and the newest Medusa 2.x the plugin's peer range allows (once when they are the same):
 *    a separate, minimal Medusa store in a temporary folder (its own package.json, tsconfig and the README's
 *    medusa-config.ts) runs the README's install line (`npm install medusa-plugin-tikkie`) against the
 *    registry, starts the sandbox with the README's `npx tikkie-sandbox` line, gets tokens with
 *    `npx tikkie-credentials`, runs `medusa db:migrate` on embedded Postgres, builds the admin with the
 *    plugin's extensions (`medusa build`), boots the build in production mode, lists both providers, and
 *    takes one Fast Checkout cart from start to paid order.
 *
 * The lowest Medusa's store uses this repository's lock file (its Medusa is the lock's), so npm's cache
 * serves it; the newest resolves as a shop's fresh install does. Prints the registry, the versions and the
 * exact install lines, the tarballs' sizes and file counts and the time from `npm install` of the package
 * to a paid order; ends with "N passed, N failed" and exits non-zero on a failure. TIKKIE_PACKAGE_KEEP=1
 * keeps the temporary folder; TIKKIE_PACKAGE_MEDUSA=2.21.2 runs one store with that Medusa only.
 */
const { spawn, spawnSync } = require("node:child_process")
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const readline = require("node:readline")
const { startEmbeddedPostgres, freePort } = require("./embedded-db")
const { startRegistry } = require("./registry")
const { PACKAGES, publishAll } = require("./publish")

const ROOT = path.join(__dirname, "..")
const LOCK = JSON.parse(fs.readFileSync(path.join(ROOT, "package-lock.json"), "utf8")).packages
const locked = (name) => {
  const v = LOCK[`node_modules/${name}`]?.version
  if (!v) throw new Error(`${name} is not in package-lock.json`)
  return v
}
const PKG = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"))

let passed = 0
let failed = 0
function check(name, ok, detail) {
  if (ok) passed++
  else failed++
  console.log(
    `${ok ? "ok  " : "FAIL"} ${name}${!ok && detail !== undefined ? `: ${typeof detail === "string" ? detail : JSON.stringify(detail)}` : ""}`
  )
  return ok
}
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`
const log = (m) => console.log(`-- ${m}`)

function run(cmd, args, { cwd, env, label, allowFail } = {}) {
  const started = Date.now()
  const r = spawnSync(cmd, args, { cwd, env: env ?? process.env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
  const took = Date.now() - started
  if (r.status !== 0 && !allowFail) {
    const out = `${r.stdout ?? ""}\n${r.stderr ?? ""}`.trim().split("\n").slice(-40).join("\n")
    throw new Error(`${label ?? `${cmd} ${args.join(" ")}`} failed (exit ${r.status ?? r.signal}):\n${out}`)
  }
  return { ...r, took }
}
const npm = (args, opts) => run("npm", [...args, "--no-audit", "--no-fund", "--loglevel=error"], opts)

function filesUnder(dir, out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) filesUnder(p, out)
    else out.push(p)
  }
  return out
}

/** The ```ts (or `lang`) block after a `<!-- marker -->` line of a document (the README by default). */
function readmeBlock(marker, doc = "README.md", lang = "ts") {
  const readme = fs.readFileSync(path.join(ROOT, doc), "utf8")
  const m = new RegExp(
    `<!-- ${marker.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")} -->\\n\`\`\`${lang}\\n([\\s\\S]*?)\`\`\`\\n`
  ).exec(readme)
  if (!m) throw new Error(`${doc} has no <!-- ${marker} --> block`)
  return m[1]
}

/** Starts a long-running child; resolves when a stdout/stderr line matches `ready`. */
function startChild(cmd, args, { cwd, env, ready, logFile, timeoutMs = 180_000 }) {
  const child = spawn(cmd, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true })
  const out = fs.createWriteStream(logFile)
  let match
  const matched = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${path.basename(args[0] ?? cmd)}: not ready in ${timeoutMs} ms (log: ${logFile})`)),
      timeoutMs
    )
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on("line", (line) => {
        out.write(`${line}\n`)
        const m = !match && ready.exec(line)
        if (m) {
          match = m
          clearTimeout(timer)
          resolve(m)
        }
      })
    }
    child.once("exit", (code) => {
      clearTimeout(timer)
      reject(new Error(`${path.basename(args[0] ?? cmd)} exited (${code}) before it was ready (log: ${logFile})`))
    })
  })
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM")
    } catch {}
  }
  return { child, matched, stop }
}

async function http(method, url, { body, headers = {}, redirect = "follow" } = {}) {
  const res = await fetch(url, {
    method,
    redirect,
    headers: { ...(body ? { "content-type": "application/json" } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  let json
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {}
  if (redirect === "follow" && res.status >= 400)
    throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 500)}`)
  return { status: res.status, json, text, location: res.headers.get("location") }
}

async function eventually(fn, timeoutMs, what) {
  const until = Date.now() + timeoutMs
  let last
  for (;;) {
    try {
      const v = await fn()
      if (v) return v
    } catch (e) {
      last = e
    }
    if (Date.now() > until) throw new Error(`${what}: not within ${timeoutMs} ms${last ? ` (${last.message})` : ""}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

// ------------------------------------------------------------------------------- 1. publish, 2. inspect

/** npm pointed at the test's registry (for every name: the registry proxies the public ones). */
const viaRegistry = (registry) => ({ ...process.env, npm_config_registry: registry.url })

/**
 * Publishes the three to the test's registry as the release workflow does (scripts/publish.js), checks the
 * same publish step with --dry-run against the public registry, and inspects the tarballs the registry serves.
 */
function publishAndInspect(tmp, registry) {
  const version = PKG.version
  const started = Date.now()
  const published = publishAll({ registry: registry.url, anonymous: true }, { stdio: "pipe" })
  for (const p of published) console.log(`published: ${p.command} -> ${p.name}@${p.version}`)
  log(`published to the registry in ${seconds(Date.now() - started)}`)
  check(
    "the three were published to the registry in dependency order (tikkie-client, tikkie-sandbox, the plugin), each built by its own prepack",
    JSON.stringify(published.map((p) => p.name)) === JSON.stringify(PACKAGES.map((p) => p.name)) &&
      published.every((p) => /> \S+ prepack\n/.test(p.output) && p.version === version),
    published.map((p) => `${p.name}@${p.version}`)
  )

  const dryStarted = Date.now()
  const dry = publishAll({ dryRun: true }, { stdio: "pipe" })
  for (const p of dry) console.log(`dry run: ${p.command}`)
  log(`dry-run publish to the public registry in ${seconds(Date.now() - dryStarted)}`)
  check(
    "`npm publish --dry-run` of each package (the release's publish step) passes, in dependency order",
    JSON.stringify(dry.map((p) => p.name)) === JSON.stringify(PACKAGES.map((p) => p.name)) &&
      dry.every((p) => p.output.includes(`+ ${p.name}@${version}`)),
    dry.map((p) => p.output.slice(-300))
  )

  const { tarball, pkgDir, files } = pack(tmp, registry, "medusa-plugin-tikkie", version)
  inspectCommon("medusa-plugin-tikkie", pkgDir, files, version, ".")
  check(
    "no repository config (medusa-config.*) in the tarball",
    !files.some((f) => /medusa-config/.test(f)),
    files.filter((f) => /medusa-config/.test(f))
  )
  // The README's links to the shop's documents open in the installed package too (how this repository is
  // developed, CONTRIBUTING.md and docs/development/, stays in the repository).
  const readmeLinks = [
    ...fs.readFileSync(path.join(pkgDir, "README.md"), "utf8").matchAll(/\]\(((?!https?:|#)[^)#\s]+)(#[^)]*)?\)/g),
  ]
    .map((m) => m[1])
    .filter((link) => link !== "CONTRIBUTING.md" && !link.startsWith("docs/development/"))
  const deadLinks = readmeLinks.filter((link) => !files.includes(path.normalize(link)))
  check(
    "the README's links to docs/ resolve in the tarball",
    readmeLinks.length > 5 && deadLinks.length === 0,
    deadLinks
  )

  const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, "package.json"), "utf8"))
  // The sandbox is a development tool: nothing of it ships in the plugin, and the plugin does not depend on it.
  const sandboxFiles = files.filter((f) => /sandbox/i.test(f) && !/^docs\//.test(f))
  check("no sandbox file in the plugin's tarball", sandboxFiles.length === 0, sandboxFiles.slice(0, 5))
  check(
    "the plugin depends on the released tikkie-client (its own version), not on tikkie-sandbox, and has no bin",
    pkg.dependencies["tikkie-client"] === version &&
      !pkg.dependencies["tikkie-sandbox"] &&
      !pkg.peerDependencies["tikkie-sandbox"] &&
      !pkg.bin,
    { dependencies: pkg.dependencies, bin: pkg.bin }
  )
  check(
    "no script runs when a shop installs it (prepack builds; prepare only builds the workspace in a checkout)",
    !pkg.scripts.install && !pkg.scripts.preinstall && !pkg.scripts.postinstall,
    pkg.scripts
  )
  const pinned = Object.entries(pkg.peerDependencies).filter(([, v]) => !/^\^/.test(v))
  check("Medusa peers are ranges a shop can patch within (^)", pinned.length === 0, pinned)
  const required = Object.keys(pkg.peerDependencies).filter((n) => !pkg.peerDependenciesMeta?.[n]?.optional)
  check(
    "Medusa peers are optional (a storefront installs the plugin for its storefront helper without Medusa)",
    required.length === 0,
    required
  )
  checkExports(pkg, pkgDir, [".", "./workflows", "./storefront"])

  const client = pack(tmp, registry, "tikkie-client", version)
  inspectCommon("tikkie-client", client.pkgDir, client.files, version, "packages/tikkie-client")
  const clientPkg = JSON.parse(fs.readFileSync(path.join(client.pkgDir, "package.json"), "utf8"))
  check(
    "tikkie-client: no Medusa among its dependencies",
    !Object.keys({ ...clientPkg.dependencies, ...clientPkg.peerDependencies }).some((n) => n.startsWith("@medusajs/")),
    clientPkg.dependencies
  )
  check(
    "tikkie-client: no sandbox file, no source, no build info",
    !client.files.some((f) => /sandbox|^src\/|tsbuildinfo/.test(f)),
    client.files.filter((f) => /sandbox|^src\/|tsbuildinfo/.test(f))
  )
  check(
    "tikkie-client: the tikkie-credentials bin",
    fs.existsSync(path.join(client.pkgDir, clientPkg.bin["tikkie-credentials"]))
  )
  checkExports(
    clientPkg,
    client.pkgDir,
    [".", "./fast-checkout", "./payment-requests/v1", "./payment-requests/v2", "./account-information"],
    "tikkie-client: "
  )

  const sandbox = pack(tmp, registry, "tikkie-sandbox", version)
  inspectCommon("tikkie-sandbox", sandbox.pkgDir, sandbox.files, version, "packages/tikkie-sandbox")
  const sandboxPkg = JSON.parse(fs.readFileSync(path.join(sandbox.pkgDir, "package.json"), "utf8"))
  check(
    "tikkie-sandbox: no Medusa among its dependencies; it depends on the released tikkie-client",
    !Object.keys(sandboxPkg.dependencies).some((n) => n.startsWith("@medusajs/")) &&
      sandboxPkg.dependencies["tikkie-client"] === version,
    sandboxPkg.dependencies
  )
  checkExports(sandboxPkg, sandbox.pkgDir, ["."], "tikkie-sandbox: ")
  // What the registry serves for each: an install is from the registry when it has this integrity (npm
  // writes no `resolved` URL for these into the lock).
  const integrity = Object.fromEntries(
    PACKAGES.map(({ name }) => [
      name,
      npm(["view", `${name}@${version}`, "dist.integrity"], { cwd: tmp, env: viaRegistry(registry) }).stdout.trim(),
    ])
  )
  return { version, integrity }
}

/** The tarball the registry serves for name@version (`npm pack name@version`), unpacked. */
function pack(tmp, registry, name, version) {
  const packed = npm(["pack", `${name}@${version}`, "--json", "--pack-destination", tmp], {
    cwd: tmp,
    env: viaRegistry(registry),
  })
  const info = JSON.parse(packed.stdout)[0]
  const tarball = path.join(tmp, info.filename)
  console.log(
    `${name}: ${info.filename}, ${(info.size / 1024).toFixed(0)} kB packed, ${(info.unpackedSize / 1024).toFixed(0)} kB unpacked, ${info.entryCount} files`
  )
  const unpacked = path.join(tmp, `unpacked-${name}`)
  fs.mkdirSync(unpacked)
  run("tar", ["-xzf", tarball, "-C", unpacked])
  const pkgDir = path.join(unpacked, "package")
  return { tarball, pkgDir, files: filesUnder(pkgDir).map((f) => path.relative(pkgDir, f)) }
}

/** What every one of the three tarballs holds, or must not hold. */
function inspectCommon(name, pkgDir, files, version, directory) {
  const prefix = name === "medusa-plugin-tikkie" ? "" : `${name}: `
  check(
    `${prefix}the tarball carries a LICENSE (MIT) and a README`,
    files.includes("LICENSE") &&
      /MIT License/.test(fs.readFileSync(path.join(pkgDir, "LICENSE"), "utf8")) &&
      files.includes("README.md")
  )
  const changelog = files.includes("CHANGELOG.md") ? fs.readFileSync(path.join(pkgDir, "CHANGELOG.md"), "utf8") : ""
  check(
    `${prefix}the tarball carries its CHANGELOG.md with this version's entry`,
    changelog.startsWith(`# ${name}\n`) && changelog.includes(`\n## ${version}\n`),
    changelog.slice(0, 200)
  )
  const manifest = JSON.parse(fs.readFileSync(path.join(pkgDir, "package.json"), "utf8"))
  const repoUrl = manifest.repository?.url ?? ""
  check(
    `${prefix}package.json names its repository (with its directory), homepage, bugs and engines`,
    manifest.version === version &&
      /^git\+https:\/\/github\.com\/[^/]+\/[^/]+\.git$/.test(repoUrl) &&
      manifest.repository.directory === (directory === "." ? undefined : directory) &&
      /^https:\/\//.test(manifest.homepage ?? "") &&
      /^https:\/\/.*\/issues$/.test(manifest.bugs?.url ?? "") &&
      manifest.engines?.node === ">=20",
    {
      version: manifest.version,
      repository: manifest.repository,
      homepage: manifest.homepage,
      bugs: manifest.bugs,
      engines: manifest.engines,
    }
  )
  const testish = files.filter(
    (f) =>
      /(^|\/)(unit-tests|integration-tests|test|e2e|demo|bench|scripts)\//.test(f) || /\.(test|spec)\.[jt]s$/.test(f)
  )
  check(`${prefix}no tests, demo, bench or scripts in the tarball`, testish.length === 0, testish.slice(0, 5))
  const withMaps = files.filter(
    (f) =>
      f.endsWith(".map") ||
      (/\.(m|c)?js$/.test(f) && /sourceMappingURL=/.test(fs.readFileSync(path.join(pkgDir, f), "utf8")))
  )
  check(
    `${prefix}no source maps (inline or files) pointing at sources the package does not carry`,
    withMaps.length === 0,
    withMaps.slice(0, 5)
  )
}

/** Every fixed export resolves to a file in the tarball (each condition), and the `typed` ones have declarations. */
function checkExports(pkg, pkgDir, typed, prefix = "") {
  const missing = []
  for (const [key, target] of Object.entries(pkg.exports)) {
    if (key.includes("*")) continue
    for (const t of typeof target === "string" ? [target] : Object.values(target)) {
      if (!fs.existsSync(path.join(pkgDir, t))) missing.push(`${key} -> ${t}`)
    }
  }
  check(`${prefix}every fixed export points at a file in the tarball (each condition)`, missing.length === 0, missing)
  const declarations = (k) =>
    typeof pkg.exports[k] === "string" ? pkg.exports[k].replace(/\.js$/, ".d.ts") : pkg.exports[k].types
  const untyped = typed.filter((k) => !fs.existsSync(path.join(pkgDir, declarations(k))))
  check(`${prefix}type declarations ship for the public exports (${typed.join(", ")})`, untyped.length === 0, untyped)
}

// ------------------------------------------------------------------------------ 2. a project without Medusa

function plainProject(tmp, registry) {
  const dir = path.join(tmp, "plain")
  fs.mkdirSync(dir)
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify({ name: "plain-node-project", private: true, version: "1.0.0" }, null, 2)
  )
  // Strict, and skipLibCheck as `tsc --init` writes it (zod 4's own .d.cts files fail lib checking under node16).
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify(
      {
        compilerOptions: {
          strict: true,
          module: "node16",
          moduleResolution: "node16",
          target: "es2022",
          noEmit: true,
          types: ["node"],
          skipLibCheck: true,
        },
        files: ["example.ts"],
      },
      null,
      2
    )
  )
  fs.writeFileSync(
    path.join(dir, "example.ts"),
    readmeBlock("example: test/readme-examples/fast-checkout.ts", "packages/tikkie-client/README.md")
  )
  log("a project without Medusa: npm install tikkie-client (by name, from the registry), typescript, @types/node")
  const r = npm(
    ["install", "tikkie-client", `typescript@${locked("typescript")}`, `@types/node@${locked("@types/node")}`],
    {
      cwd: dir,
      env: viaRegistry(registry),
    }
  )
  const modules = fs
    .readdirSync(path.join(dir, "node_modules"))
    .flatMap((n) =>
      n.startsWith("@")
        ? fs.readdirSync(path.join(dir, "node_modules", n)).map((s) => `${n}/${s}`)
        : n.startsWith(".")
          ? []
          : [n]
    )
  console.log(`without Medusa: ${modules.length} packages installed in ${seconds(r.took)} (${modules.join(", ")})`)
  check(
    "installing tikkie-client brings no @medusajs package",
    !modules.some((m) => m.startsWith("@medusajs/")),
    modules
  )
  const tsc = run(process.execPath, [path.join(dir, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"], {
    cwd: dir,
    allowFail: true,
  })
  check(
    "tikkie-client's README example compiles under strict tsc",
    tsc.status === 0,
    `${tsc.stdout}${tsc.stderr}`.trim()
  )

  // A storefront installs the plugin for its storefront helper, still without Medusa (optional peers).
  log("the same project: npm install medusa-plugin-tikkie (by name, from the registry)")
  npm(["install", "medusa-plugin-tikkie"], { cwd: dir, env: viaRegistry(registry) })
  const withPlugin = fs.readdirSync(path.join(dir, "node_modules")).filter((n) => n === "@medusajs")
  check(
    "installing the plugin for its storefront helper brings no @medusajs package",
    withPlugin.length === 0,
    withPlugin
  )

  // The storefront helper, as a Next.js storefront resolves it (bundler resolution, ES modules).
  fs.writeFileSync(
    path.join(dir, "tsconfig.storefront.json"),
    JSON.stringify(
      {
        compilerOptions: {
          strict: true,
          module: "esnext",
          moduleResolution: "bundler",
          target: "es2022",
          lib: ["es2022", "dom"],
          noEmit: true,
          skipLibCheck: true,
        },
        files: ["storefront.ts"],
      },
      null,
      2
    )
  )
  fs.writeFileSync(
    path.join(dir, "storefront.ts"),
    [
      'import { readTikkieReturn, startTikkieFastCheckout, type TikkieStoreClient } from "medusa-plugin-tikkie/storefront"',
      "declare const sdk: TikkieStoreClient",
      "export async function pay(cartId: string): Promise<string> {",
      "  const { checkout_url } = await startTikkieFastCheckout(sdk, cartId)",
      "  return checkout_url",
      "}",
      'const state = readTikkieReturn("?order_id=order_01J")',
      'export const orderId: string | undefined = state.kind === "order-placed" ? state.orderId : undefined',
      "",
    ].join("\n")
  )
  const tscStorefront = run(
    process.execPath,
    [path.join(dir, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.storefront.json"],
    { cwd: dir, allowFail: true }
  )
  check(
    "medusa-plugin-tikkie/storefront compiles under strict tsc with bundler resolution",
    tscStorefront.status === 0,
    `${tscStorefront.stdout}${tscStorefront.stderr}`.trim()
  )
  const probe =
    'const s = m.readTikkieReturn("?tikkie_status=PROCESSING&cart_id=cart_01J"); process.stdout.write(s.kind + ":" + s.cartId)'
  const esm = run(
    process.execPath,
    ["--input-type=module", "-e", `import * as m from "medusa-plugin-tikkie/storefront"; ${probe}`],
    { cwd: dir, allowFail: true }
  )
  const cjs = run(process.execPath, ["-e", `const m = require("medusa-plugin-tikkie/storefront"); ${probe}`], {
    cwd: dir,
    allowFail: true,
  })
  check(
    "medusa-plugin-tikkie/storefront loads as an ES module and through require",
    esm.stdout === "confirming:cart_01J" && cjs.stdout === "confirming:cart_01J",
    { esm: `${esm.stdout}${esm.stderr}`.trim(), cjs: `${cjs.stdout}${cjs.stderr}`.trim() }
  )
}

// -------------------------------------------------------------------------------------- 3. a Medusa store

function writeStore(dir, medusa) {
  fs.mkdirSync(path.join(dir, "src/scripts"), { recursive: true })
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify(
      {
        name: "a-shop",
        version: "0.0.1",
        private: true,
        scripts: { build: "medusa build", start: "medusa start", dev: "medusa develop" },
        dependencies: {
          "@medusajs/admin-sdk": medusa,
          "@medusajs/cli": medusa,
          "@medusajs/framework": medusa,
          "@medusajs/medusa": medusa,
        },
        devDependencies: {
          "@swc/core": locked("@swc/core"),
          "@types/node": locked("@types/node"),
          react: locked("react"),
          "react-dom": locked("react-dom"),
          "ts-node": locked("ts-node"),
          typescript: locked("typescript"),
        },
        engines: { node: ">=20" },
        allowScripts: PKG.allowScripts,
      },
      null,
      2
    )
  )
  // As Medusa's starter writes it.
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify(
      {
        compilerOptions: {
          target: "ES2021",
          esModuleInterop: true,
          module: "Node16",
          moduleResolution: "Node16",
          emitDecoratorMetadata: true,
          experimentalDecorators: true,
          skipLibCheck: true,
          skipDefaultLibCheck: true,
          declaration: false,
          sourceMap: false,
          inlineSourceMap: true,
          outDir: "./.medusa/server",
          rootDir: "./",
          jsx: "react-jsx",
          forceConsistentCasingInFileNames: true,
          resolveJsonModule: true,
          checkJs: false,
          strictNullChecks: true,
        },
        "ts-node": { swc: true },
        include: ["**/*", ".medusa/types/*"],
        exclude: ["node_modules", ".medusa/server", ".medusa/admin", ".cache"],
      },
      null,
      2
    )
  )
  // The README's block as it is: it runs one process under NODE_ENV=production on Medusa's in-memory
  // locking, and says so with the plugin option singleInstance (the plugin refuses to start otherwise).
  const storeConfig = readmeBlock("store: medusa-config.ts")
  fs.writeFileSync(path.join(dir, "medusa-config.ts"), storeConfig)
  // The store's own seed: the demo's (it uses Medusa's workflows only, nothing of this repository's src).
  fs.copyFileSync(path.join(ROOT, "demo/seed.ts"), path.join(dir, "src/scripts/seed.ts"))
  fs.copyFileSync(path.join(ROOT, "demo/constants.ts"), path.join(dir, "src/scripts/constants.ts"))
  // With the lock's Medusa, the repository's lock (without this repository's own workspace packages): the
  // store resolves Medusa's tree to the same versions, so npm's cache serves them. Another Medusa resolves
  // as a shop's fresh install does.
  if (medusa === locked("@medusajs/medusa")) {
    const lock = JSON.parse(fs.readFileSync(path.join(ROOT, "package-lock.json"), "utf8"))
    lock.name = "a-shop"
    lock.packages = Object.fromEntries(
      Object.entries(lock.packages).filter(([key, entry]) => key.startsWith("node_modules/") && !entry.link)
    )
    fs.writeFileSync(path.join(dir, "package-lock.json"), JSON.stringify(lock, null, 2))
  }
}

/**
 * What npx installed of tikkie-sandbox and tikkie-client: npx keeps each package set in its cache's _npx
 * folder, with a lock; their integrity says which tarball it installed (none of the three is on the public
 * registry, so a match is the test's registry's).
 */
function npxInstalled({ forget = false } = {}) {
  const cache = run("npm", ["config", "get", "cache"]).stdout.trim()
  const npxDir = path.join(cache, "_npx")
  if (!fs.existsSync(npxDir)) return []
  return fs.readdirSync(npxDir).flatMap((hash) => {
    // npx reuses a folder whose tikkie-sandbox has the version the registry names: an earlier run's build
    // of the same version would be run instead of this one's. Forgetting it makes npx fetch it again.
    if (forget && fs.existsSync(path.join(npxDir, hash, "node_modules/tikkie-sandbox"))) {
      fs.rmSync(path.join(npxDir, hash), { recursive: true, force: true })
      return []
    }
    const lockFile = ["package-lock.json", "node_modules/.package-lock.json"]
      .map((f) => path.join(npxDir, hash, f))
      .find((f) => fs.existsSync(f))
    const packages = lockFile ? (JSON.parse(fs.readFileSync(lockFile, "utf8")).packages ?? {}) : {}
    const sandbox = packages["node_modules/tikkie-sandbox"]
    if (!sandbox) return []
    return [{ sandbox: sandbox.integrity, client: packages["node_modules/tikkie-client"]?.integrity }]
  })
}

/** The shell lines of the README's ```sh block after `<!-- marker -->`, each split into words. */
function readmeLines(marker) {
  return readmeBlock(marker, "README.md", "sh")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => l.trim().split(/\s+/))
}

/**
 * The Medusa versions to install: the lowest the plugin's peer range allows and the newest 2.x it allows
 * (the registry's answer), once when they are the same. TIKKIE_PACKAGE_MEDUSA picks one.
 */
function medusaVersions() {
  if (process.env.TIKKIE_PACKAGE_MEDUSA) return process.env.TIKKIE_PACKAGE_MEDUSA.split(",")
  const range = PKG.peerDependencies["@medusajs/medusa"]
  if (!/^\^\d+\.\d+\.\d+$/.test(range)) throw new Error(`the Medusa peer range ${range} is not ^X.Y.Z`)
  const lowest = range.slice(1)
  // npm applies the range (prereleases left out): the newest of its answer is what a shop's install gets.
  const r = run("npm", ["view", `@medusajs/medusa@${range}`, "version", "--json"], {
    label: "npm view @medusajs/medusa",
  })
  const byNumber = (a, b) => {
    const [x, y] = [a, b].map((v) => v.split(".").map(Number))
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2]
  }
  const newest = [].concat(JSON.parse(r.stdout)).sort(byNumber).at(-1)
  console.log(`Medusa: the peer range ${range} allows ${lowest} (lowest) to ${newest} (newest published)`)
  return [...new Set([lowest, newest].filter(Boolean))]
}

async function createDatabase(port, name) {
  const { Client } = require("pg")
  const client = new Client({ host: "localhost", port, user: "postgres", password: "postgres", database: "postgres" })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE ${name}`)
  } finally {
    await client.end()
  }
}

async function tableExists(port, db, table) {
  const { Client } = require("pg")
  const client = new Client({ host: "localhost", port, user: "postgres", password: "postgres", database: db })
  await client.connect()
  try {
    const { rowCount } = await client.query("SELECT 1 FROM information_schema.tables WHERE table_name = $1", [table])
    return rowCount > 0
  } finally {
    await client.end()
  }
}

async function store(tmp, registry, { version, integrity }, medusaVersion, cleanups) {
  const label = `Medusa ${medusaVersion}: `
  const dir = path.join(tmp, `store-${medusaVersion}`)
  fs.mkdirSync(dir)
  writeStore(dir, medusaVersion)
  log(`the store with Medusa ${medusaVersion}: npm install of its Medusa packages`)
  const base = npm(["install", "--prefer-offline"], { cwd: dir })
  log(`store dependencies installed in ${seconds(base.took)}`)
  const medusaInstalled = JSON.parse(
    fs.readFileSync(path.join(dir, "node_modules/@medusajs/medusa/package.json"), "utf8")
  ).version
  check(`${label}the store runs @medusajs/medusa ${medusaVersion}`, medusaInstalled === medusaVersion, medusaInstalled)

  const pg = await startEmbeddedPostgres()
  cleanups.push(() => pg.stop())
  await createDatabase(pg.port, "shop")

  // ---- from here: the time a shop spends from `npm install medusa-plugin-tikkie` to a paid order
  const t0 = Date.now()
  // The README's install line as written, against the registry (npm_config_registry, as a shop's .npmrc).
  const installLine = readmeLines("store: install")
  check(
    `${label}the README's install line is one \`npm install medusa-plugin-tikkie\``,
    installLine.length === 1 && installLine[0].join(" ") === "npm install medusa-plugin-tikkie",
    installLine
  )
  const [npmWord, ...installArgs] = installLine[0]
  if (npmWord !== "npm") throw new Error(`the README's install line is not an npm command: ${installLine[0].join(" ")}`)
  console.log(`${label}ran: ${installLine[0].join(" ")} (in the store, npm_config_registry=${registry.url})`)
  const added = npm(installArgs, { cwd: dir, env: viaRegistry(registry) })
  log(`npm install of the package: ${seconds(added.took)}`)
  const installedSandbox =
    fs.existsSync(path.join(dir, "node_modules/tikkie-sandbox")) ||
    fs.existsSync(path.join(dir, "node_modules/.bin/tikkie-sandbox"))
  check(`${label}the store's install has no sandbox (no tikkie-sandbox package or bin)`, !installedSandbox)
  const installed = (name) => {
    const file = path.join(dir, "node_modules", name, "package.json")
    return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")).version : undefined
  }
  const storeLock = JSON.parse(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8")).packages
  check(
    `${label}the store installed medusa-plugin-tikkie and tikkie-client ${version} by name from the registry`,
    installed("medusa-plugin-tikkie") === version &&
      installed("tikkie-client") === version &&
      storeLock["node_modules/medusa-plugin-tikkie"]?.integrity === integrity["medusa-plugin-tikkie"] &&
      storeLock["node_modules/tikkie-client"]?.integrity === integrity["tikkie-client"],
    {
      plugin: storeLock["node_modules/medusa-plugin-tikkie"]?.integrity,
      client: storeLock["node_modules/tikkie-client"]?.integrity,
      registry: integrity,
    }
  )
  const resolveBare = run(
    process.execPath,
    [
      "-e",
      "const m = require('medusa-plugin-tikkie'); const w = require('medusa-plugin-tikkie/workflows'); process.stdout.write(JSON.stringify({ module: m.TIKKIE_MODULE, prefix: m.FAST_CHECKOUT_PROVIDER_PREFIX, workflows: typeof w.startFastCheckoutWorkflow }))",
    ],
    { cwd: dir, allowFail: true }
  )
  check(
    `${label}in the store, \`medusa-plugin-tikkie\` and \`medusa-plugin-tikkie/workflows\` resolve`,
    resolveBare.status === 0 &&
      resolveBare.stdout ===
        JSON.stringify({ module: "tikkie", prefix: "pp_tikkie-fast-checkout_", workflows: "function" }),
    `${resolveBare.stdout}${resolveBare.stderr}`.slice(0, 500)
  )

  // The README's sandbox lines: `npx tikkie-sandbox …` by name from the registry (npx fetches it and its
  // tikkie-client; nothing of it enters the store), on a port the OS picks instead of 4010 (this machine
  // runs other tests), then `npx tikkie-credentials` from the store's installed tikkie-client.
  const sandboxLines = readmeLines("store: sandbox")
  const sandboxLine = sandboxLines.find((words) => words[0] === "npx" && words[1] === "tikkie-sandbox")
  const credentialsLine = sandboxLines.find((words) => words.includes("tikkie-credentials"))
  if (!sandboxLine || !credentialsLine) throw new Error(`the README's sandbox block: ${JSON.stringify(sandboxLines)}`)
  const sandboxArgs = sandboxLine.slice(1).map((w, i, all) => (all[i - 1] === "--port" ? "0" : w))
  npxInstalled({ forget: true })
  const sandboxDir = path.join(tmp, `sandbox-npx-${medusaVersion}`)
  fs.mkdirSync(sandboxDir)
  console.log(`${label}ran: npx ${sandboxArgs.join(" ")} (npm_config_registry=${registry.url})`)
  const sandbox = startChild("npx", sandboxArgs, {
    cwd: sandboxDir,
    // npm_config_yes: the "Ok to proceed?" a developer answers at the terminal (npx asks nothing under CI).
    env: { ...viaRegistry(registry), PORT: "", npm_config_yes: "true" },
    ready: /^Tikkie sandbox listening on (\S+)$/,
    logFile: path.join(tmp, `sandbox-${medusaVersion}.log`),
    timeoutMs: 120_000,
  })
  cleanups.push(sandbox.stop)
  const sandboxUrl = (await sandbox.matched)[1]
  const fromNpx = npxInstalled()
  check(
    `${label}\`npx tikkie-sandbox\` fetched tikkie-sandbox ${version} (and tikkie-client) by name from the registry`,
    fromNpx.some((e) => e.sandbox === integrity["tikkie-sandbox"] && e.client === integrity["tikkie-client"]),
    { npx: fromNpx, registry: integrity }
  )
  // `TIKKIE_API_KEY=my-sandbox-key npx tikkie-credentials --base-url http://127.0.0.1:4010 >> .env`
  const keyWord = credentialsLine.find((w) => w.startsWith("TIKKIE_API_KEY="))
  const credArgs = credentialsLine.slice(credentialsLine.indexOf("npx") + 1, credentialsLine.indexOf(">>"))
  const credsArgs = credArgs.map((w, i, all) => (all[i - 1] === "--base-url" ? sandboxUrl : w))
  console.log(`${label}ran: ${keyWord} npx ${credsArgs.join(" ")} (in the store)`)
  const creds = run("npx", credsArgs, {
    cwd: dir,
    env: { ...process.env, TIKKIE_API_KEY: keyWord.slice("TIKKIE_API_KEY=".length) },
  })
  const dotenv = Object.fromEntries(
    creds.stdout
      .split("\n")
      .map((l) => /^([A-Z_]+)=(.*)$/.exec(l.trim()))
      .filter(Boolean)
      .map((m) => [m[1], m[2]])
  )
  check(
    `${label}tikkie-credentials from the package made a merchant token and an app token`,
    Boolean(dotenv.TIKKIE_MERCHANT_TOKEN && dotenv.TIKKIE_APP_TOKEN),
    Object.keys(dotenv)
  )

  const port = await freePort()
  const storeUrl = `http://localhost:${port}`
  const env = {
    ...process.env,
    ...dotenv,
    NODE_ENV: "production",
    DATABASE_URL: `postgres://postgres:postgres@localhost:${pg.port}/shop`,
    STORE_CORS: "http://localhost:8000",
    ADMIN_CORS: storeUrl,
    AUTH_CORS: storeUrl,
    JWT_SECRET: "a-shop-jwt-secret",
    COOKIE_SECRET: "a-shop-cookie-secret",
    TIKKIE_STORE_URL: storeUrl,
    TIKKIE_STOREFRONT_URL: "http://localhost:8000",
    TIKKIE_SANDBOX: "true",
    MEDUSA_DISABLE_TELEMETRY: "true",
    DO_NOT_TRACK: "1",
    PORT: String(port),
  }
  delete env.NODE_OPTIONS
  const cli = path.join(dir, "node_modules/@medusajs/cli/cli.js")
  const medusa = (args, extra = {}, cwd = dir) =>
    run(process.execPath, [cli, ...args], { cwd, env: { ...env, ...extra }, label: `medusa ${args[0]}` })

  const migrated = medusa(["db:migrate"])
  log(`medusa db:migrate: ${seconds(migrated.took)}`)
  check(
    `${label}medusa db:migrate created the plugin's tables`,
    (await tableExists(pg.port, "shop", "tikkie_fast_checkout_order")) &&
      (await tableExists(pg.port, "shop", "tikkie_payment_request"))
  )
  const seedOut = path.join(tmp, "seed.json")
  medusa(["exec", "./src/scripts/seed.ts"], { DEMO_SEED_OUT: seedOut })
  const seeded = JSON.parse(fs.readFileSync(seedOut, "utf8"))
  medusa(["user", "-e", "admin@a-shop.test", "-p", "a-shop-password"])

  const built = medusa(["build"])
  log(`medusa build: ${seconds(built.took)}`)
  const adminDir = path.join(dir, ".medusa/server/public/admin")
  const adminJs = fs.existsSync(adminDir) ? filesUnder(adminDir).filter((f) => f.endsWith(".js")) : []
  check(
    `${label}medusa build bundled the plugin's admin extensions (the Tikkie page and order widget)`,
    adminJs.some((f) => {
      const text = fs.readFileSync(f, "utf8")
      return text.includes("/admin/tikkie/") && text.includes("order.details.side.after")
    }),
    `${adminJs.length} admin files`
  )

  // Boot the build as a shop deploys it: from .medusa/server, in production mode.
  const server = path.join(dir, ".medusa/server")
  if (!fs.existsSync(path.join(server, "node_modules")))
    fs.symlinkSync(path.join(dir, "node_modules"), path.join(server, "node_modules"), "dir")
  const app = startChild(process.execPath, [cli, "start", "--port", String(port)], {
    cwd: server,
    env,
    ready: /Server is ready on port/,
    logFile: path.join(tmp, "medusa.log"),
    timeoutMs: 180_000,
  })
  cleanups.push(app.stop)
  await app.matched
  await eventually(async () => (await http("GET", `${storeUrl}/health`)).status === 200, 60_000, "/health")

  const { json: login } = await http("POST", `${storeUrl}/auth/user/emailpass`, {
    body: { email: "admin@a-shop.test", password: "a-shop-password" },
  })
  const admin = { authorization: `Bearer ${login.token}` }
  const { json: providers } = await http("GET", `${storeUrl}/admin/payments/payment-providers?limit=100`, {
    headers: admin,
  })
  const ids = providers.payment_providers.map((p) => p.id)
  check(
    `${label}both Tikkie providers are listed`,
    ids.includes("pp_tikkie-fast-checkout_tikkie") && ids.includes("pp_tikkie-payment-request_tikkie"),
    ids
  )
  const adminPage = await http("GET", `${storeUrl}/app`, { redirect: "manual" })
  check(
    `${label}the admin is served`,
    adminPage.status === 200 && /<div id="medusa"|<html/i.test(adminPage.text),
    adminPage.status
  )

  // ---- one Fast Checkout cart, as a storefront does it
  const key = { "x-publishable-api-key": seeded.publishableKey }
  const { json: products } = await http("GET", `${storeUrl}/store/products?limit=1&fields=id,*variants`, {
    headers: key,
  })
  const variantId = products.products[0].variants[0].id
  const { json: created } = await http("POST", `${storeUrl}/store/carts`, {
    headers: key,
    body: {
      region_id: seeded.regionId,
      email: "shopper@example.com",
      shipping_address: {
        first_name: "Sanne",
        last_name: "de Vries",
        address_1: "Keizersgracht 1",
        postal_code: "1015 CJ",
        city: "Amsterdam",
        country_code: "nl",
      },
    },
  })
  const cartId = created.cart.id
  await http("POST", `${storeUrl}/store/carts/${cartId}/line-items`, {
    headers: key,
    body: { variant_id: variantId, quantity: 2 },
  })
  const { json: options } = await http("GET", `${storeUrl}/store/shipping-options?cart_id=${cartId}`, { headers: key })
  await http("POST", `${storeUrl}/store/carts/${cartId}/shipping-methods`, {
    headers: key,
    body: { option_id: options.shipping_options[0].id },
  })
  const { json: cart } = await http("GET", `${storeUrl}/store/carts/${cartId}?fields=+total`, { headers: key })
  const { json: started } = await http("POST", `${storeUrl}/store/carts/${cartId}/tikkie-fast-checkout`, {
    headers: key,
    body: {},
  })
  check(
    `${label}the storefront call answers a checkout URL on the sandbox`,
    String(started.checkout_url).startsWith(sandboxUrl),
    started
  )
  await http("POST", `${sandboxUrl}/_sandbox/fastcheckout/orders/${encodeURIComponent(started.order_token)}/pay`, {
    body: {},
  })
  // The shopper comes back through the return route; it redirects to the success page once the order exists.
  const back = await eventually(
    async () => {
      const r = await http(
        "GET",
        `${storeUrl}/hooks/tikkie/fast-checkout/return?session_id=${encodeURIComponent(started.payment_session_id)}`,
        { redirect: "manual" }
      )
      const to = r.location ? new URL(r.location) : undefined
      return to?.searchParams.get("order_id") ? to : undefined
    },
    60_000,
    "the return route's redirect with order_id"
  )
  const orderId = back.searchParams.get("order_id")
  const { json: o } = await http(
    "GET",
    `${storeUrl}/admin/orders/${orderId}?fields=id,email,total,shipping_address.*,payment_collections.status,payment_collections.payments.provider_id,payment_collections.payments.captured_at,payment_collections.payments.amount`,
    { headers: admin }
  )
  const took = Date.now() - t0
  const payment = o.order.payment_collections?.[0]?.payments?.[0]
  check(
    `${label}the cart became a paid Medusa order (payment captured by the Fast Checkout provider, for the cart's total)`,
    payment?.provider_id === "pp_tikkie-fast-checkout_tikkie" &&
      Boolean(payment.captured_at) &&
      Number(o.order.total) === Number(cart.cart.total),
    { payment, total: o.order.total, cartTotal: cart.cart.total }
  )
  check(
    `${label}the order carries the payer's email and address from Tikkie (the sandbox's payer)`,
    o.order.email === "jan.jansen@example.nl" && o.order.shipping_address?.address_1 === "Damrak 12",
    {
      email: o.order.email,
      address: o.order.shipping_address,
    }
  )
  console.log(
    `time from npm install of the package to a paid order: ${seconds(took)} (npm install ${seconds(added.took)}, db:migrate ${seconds(migrated.took)}, medusa build ${seconds(built.took)})`
  )
}

async function main() {
  const started = Date.now()
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tikkie-package-"))
  fs.chmodSync(tmp, 0o755)
  const cleanups = []
  try {
    const registry = await startRegistry(path.join(tmp, "registry"), { log })
    cleanups.push(registry.stop)
    const release = publishAndInspect(tmp, registry)
    plainProject(tmp, registry)
    const versions = medusaVersions()
    for (const medusaVersion of versions) await store(tmp, registry, release, medusaVersion, cleanups)
    console.log(
      `installed by name from the registry (${registry.url}, verdaccio ${registry.version}): medusa-plugin-tikkie, tikkie-client and tikkie-sandbox ${release.version}, into Medusa ${versions.join(" and ")}`
    )
  } catch (e) {
    check("the package test ran to its end", false, e && e.stack ? e.stack : String(e))
  } finally {
    for (const fn of cleanups.reverse()) {
      try {
        await fn()
      } catch {}
    }
    if (process.env.TIKKIE_PACKAGE_KEEP === "1") console.log(`kept ${tmp}`)
    else fs.rmSync(tmp, { recursive: true, force: true })
  }
  console.log(`package test: ${seconds(Date.now() - started)}`)
  console.log(`${passed} passed, ${failed} failed`)
  process.exit(failed ? 1 : 0)
}

main()
