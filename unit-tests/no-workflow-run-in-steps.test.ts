import { existsSync, readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import ts from "typescript"

/**
 * A step never runs a whole workflow with `.run`: its compensation would be lost. A step composes one
 * with `runAsStep` instead, and `.run` belongs to routes, jobs and subscribers. Every `createStep`
 * handler is followed through the functions it calls (in its file and the plugin's files it imports).
 */
const ROOT = path.resolve(__dirname, "..")

type Fn = { file: string; name: string; node: ts.Node; line: number }

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) sourceFiles(p, out)
    else if (/\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts")) out.push(p)
  }
  return out
}

function resolveImport(from: string, spec: string, files: Map<string, string>): string | undefined {
  if (!spec.startsWith(".")) return undefined
  const base = path.resolve(path.dirname(from), spec)
  return [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find((f) => files.has(f))
}

const isFunction = (n: ts.Node | undefined): n is ts.FunctionLikeDeclaration =>
  !!n && (ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isFunctionDeclaration(n))

/** The steps whose handlers run a workflow, each with the chain of calls that reaches the `.run`. */
export function stepsRunningWorkflows(files: Map<string, string>): string[] {
  const fns = new Map<string, Fn>()
  const steps: Fn[] = []
  const bindings = new Map<string, Map<string, string>>()
  for (const [file, text] of files) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
    const local = new Map<string, string>()
    bindings.set(file, local)
    const line = (n: ts.Node) => source.getLineAndCharacterOfPosition(n.getStart()).line + 1
    for (const stmt of source.statements) {
      if (ts.isImportDeclaration(stmt) && ts.isStringLiteral(stmt.moduleSpecifier)) {
        const target = resolveImport(file, stmt.moduleSpecifier.text, files)
        const named = stmt.importClause?.namedBindings
        if (target && named && ts.isNamedImports(named)) {
          for (const el of named.elements) local.set(el.name.text, `${target}#${(el.propertyName ?? el.name).text}`)
        }
      } else if (ts.isExportDeclaration(stmt) && stmt.moduleSpecifier && ts.isStringLiteral(stmt.moduleSpecifier)) {
        const target = resolveImport(file, stmt.moduleSpecifier.text, files)
        if (target && stmt.exportClause && ts.isNamedExports(stmt.exportClause)) {
          for (const el of stmt.exportClause.elements) {
            local.set(el.name.text, `${target}#${(el.propertyName ?? el.name).text}`)
          }
        }
      } else if (ts.isFunctionDeclaration(stmt) && stmt.name) {
        local.set(stmt.name.text, `${file}#${stmt.name.text}`)
        fns.set(`${file}#${stmt.name.text}`, { file, name: stmt.name.text, node: stmt, line: line(stmt) })
      } else if (ts.isVariableStatement(stmt)) {
        for (const d of stmt.declarationList.declarations) {
          if (ts.isIdentifier(d.name) && isFunction(d.initializer)) {
            local.set(d.name.text, `${file}#${d.name.text}`)
            fns.set(`${file}#${d.name.text}`, { file, name: d.name.text, node: d.initializer, line: line(d) })
          }
        }
      }
    }
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === "createStep") {
        const name = n.arguments[0]?.getText(source) ?? "?"
        for (const handler of n.arguments.slice(1)) {
          if (isFunction(handler)) steps.push({ file, name: `createStep(${name})`, node: handler, line: line(n) })
        }
      }
      ts.forEachChild(n, visit)
    }
    visit(source)
  }

  // What each function runs itself (`xWorkflow(…).run(…)`) and whom it calls.
  const runs = (fn: Fn): string | undefined => {
    let found: string | undefined
    const visit = (n: ts.Node) => {
      const call = ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) ? n.expression : undefined
      if (call?.name.text === "run" && ts.isCallExpression(call.expression)) {
        const factory = call.expression.expression
        if (ts.isIdentifier(factory) && /Workflow$/.test(factory.text)) found ??= `${factory.text}(…).run`
      }
      ts.forEachChild(n, visit)
    }
    visit(fn.node)
    return found
  }
  const callees = (fn: Fn): string[] => {
    const local = bindings.get(fn.file)!
    const out: string[] = []
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression)) {
        let key = local.get(n.expression.text)
        // Follow re-exports to the declaring file.
        for (let i = 0; key && !fns.has(key) && i < 5; i++) {
          const [f, name] = key.split("#")
          key = bindings.get(f)?.get(name)
        }
        if (key && fns.has(key)) out.push(key)
      }
      ts.forEachChild(n, visit)
    }
    visit(fn.node)
    return out
  }
  const memo = new Map<string, string | null>()
  const chain = (key: string, seen: Set<string>): string | null => {
    if (memo.has(key)) return memo.get(key)!
    if (seen.has(key)) return null
    seen.add(key)
    const fn = fns.get(key)!
    const own = runs(fn)
    let found: string | null = own ? `${fn.name} → ${own}` : null
    for (const c of own ? [] : callees(fn)) {
      const deeper = chain(c, seen)
      if (deeper) {
        found = `${fn.name} → ${deeper}`
        break
      }
    }
    memo.set(key, found)
    return found
  }
  return steps.flatMap((step) => {
    const own = runs(step)
    const via = own ?? callees(step).reduce<string | null>((acc, c) => acc ?? chain(c, new Set()), null)
    return via ? [`${path.relative(ROOT, step.file)}:${step.line} ${step.name} → ${via}`] : []
  })
}

describe("no workflow `.run` inside a step", () => {
  it("finds a workflow run reached from a step through the functions it calls", () => {
    const util = path.join(ROOT, "src", "workflows", "x", "utils", "finish.ts")
    const step = path.join(ROOT, "src", "workflows", "x", "steps", "finish.ts")
    const files = new Map([
      [util, `export async function finish(c) { return inner(c) }\nconst inner = async (c) => fooWorkflow(c).run({})`],
      [
        step,
        `import { finish as done } from "../utils/finish"\nexport const s = createStep("s", async (i, { container }) => done(container))\nexport const t = createStep("t", async () => barWorkflow.runAsStep)`,
      ],
    ])
    expect(stepsRunningWorkflows(files)).toEqual([
      'src/workflows/x/steps/finish.ts:2 createStep("s") → finish → inner → fooWorkflow(…).run',
    ])
  })

  it("no step of the plugin runs a workflow with `.run` (compose it with `runAsStep`)", () => {
    const src = path.join(ROOT, "src")
    expect(existsSync(src)).toBe(true)
    const files = new Map(sourceFiles(src).map((f) => [f, readFileSync(f, "utf8")] as const))
    expect(stepsRunningWorkflows(files)).toEqual([])
  })
})
