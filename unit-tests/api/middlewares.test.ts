import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import middlewares from "../../src/api/middlewares"

/**
 * The routes' validation, as Medusa keeps it: one `middlewares.ts` per area spread into the root one, one
 * entry per route and method, and every method the plugin's route files export validated there (a
 * route whose body or query nobody checks would take anything a caller sends).
 */
const API = path.resolve(__dirname, "../../src/api")
type Verb = "GET" | "POST" | "DELETE"

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? routeFiles(path.join(dir, e.name)) : e.name === "route.ts" ? [path.join(dir, e.name)] : []
  )
}

/** `src/api/admin/tikkie/refunds-owed/[id]/refunded/route.ts` → `/admin/tikkie/refunds-owed/:id/refunded`. */
const matcherOf = (file: string) =>
  "/" +
  path
    .relative(API, path.dirname(file))
    .split(path.sep)
    .map((part) => part.replace(/^\[(\w+)\]$/, ":$1"))
    .join("/")

const exported = routeFiles(API).flatMap((file) =>
  [...readFileSync(file, "utf8").matchAll(/export (?:const|async function) (GET|POST|DELETE)\b/g)].map(
    (m) => `${m[1] as Verb} ${matcherOf(file)}`
  )
)
const entries = (middlewares.routes ?? []).flatMap((r) => (r.methods ?? []).map((m) => `${m} ${String(r.matcher)}`))

describe("api middlewares", () => {
  it("reads the route files it checks", () => {
    expect(exported).toContain("POST /hooks/tikkie/fast-checkout")
    expect(exported).toContain("POST /admin/tikkie/refunds-owed/:id/refunded")
    expect(exported.length).toBeGreaterThan(25)
  })

  it("has one entry per route and method", () => {
    const seen = new Map<string, number>()
    for (const e of entries) seen.set(e, (seen.get(e) ?? 0) + 1)
    expect([...seen].filter(([, n]) => n > 1)).toEqual([])
  })

  it("validates every method of every plugin route, except a DELETE that takes no input", () => {
    // DELETE routes (a subscription, a connection) read neither body nor query.
    const unvalidated = exported.filter((e) => !e.startsWith("DELETE ") && !entries.includes(e))
    expect(unvalidated).toEqual([])
  })
})
