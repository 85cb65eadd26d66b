import path from "node:path"
import { defaultLockingProvider, eventBusModule, productionShapeProblems, type ResolvedConfig } from "../../src/lib/production-shape"

/** This repository's medusa-config.ts as Medusa's defineConfig resolves it, under the given environment. */
function repoConfig(env: Record<string, string | undefined>): ResolvedConfig {
  const saved = { ...process.env }
  Object.assign(process.env, env)
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k]
  try {
    let config: ResolvedConfig | undefined
    jest.isolateModules(() => {
      config = require(path.join(__dirname, "../../medusa-config.ts")) as ResolvedConfig
    })
    return config!
  } finally {
    process.env = saved
  }
}

describe("production shape check", () => {
  it("accepts one process with Medusa's defaults (demo, tests)", () => {
    const config = repoConfig({ REDIS_URL: undefined, MEDUSA_WORKER_MODE: undefined })
    expect(config.projectConfig?.workerMode).toBe("shared")
    expect(eventBusModule(config)).toMatch(/event-bus-local/)
    expect(defaultLockingProvider(config)).toBe("in-memory")
    expect(productionShapeProblems(config)).toEqual([])
  })

  it.each(["server", "worker"])("refuses a %s instance on the local event bus and in-memory locking, naming what to configure", (mode) => {
    const problems = productionShapeProblems(repoConfig({ REDIS_URL: undefined, MEDUSA_WORKER_MODE: mode }))
    expect(problems).toHaveLength(2)
    expect(problems[0]).toContain("@medusajs/medusa/event-bus-redis")
    expect(problems[1]).toContain("@medusajs/medusa/locking-redis")
  })

  it("accepts server and worker instances with REDIS_URL (Redis event bus and locking registered)", () => {
    for (const mode of ["server", "worker"]) {
      const config = repoConfig({ REDIS_URL: "redis://localhost:6379", MEDUSA_WORKER_MODE: mode })
      expect(config.projectConfig?.workerMode).toBe(mode)
      expect(eventBusModule(config)).toBe("@medusajs/medusa/event-bus-redis")
      expect(defaultLockingProvider(config)).toBe("@medusajs/medusa/locking-redis")
      expect(productionShapeProblems(config)).toEqual([])
    }
  })

  it.each(["server", "worker"])("refuses a %s instance on Medusa's Postgres locking, naming Redis locking instead (issue 19 point 5)", (mode) => {
    const config = repoConfig({ REDIS_URL: "redis://localhost:6379", MEDUSA_WORKER_MODE: mode, MEDUSA_LOCKING: "postgres" })
    expect(defaultLockingProvider(config)).toBe("@medusajs/medusa/locking-postgres")
    const problems = productionShapeProblems(config)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain("Postgres locking")
    expect(problems[0]).toContain("@medusajs/medusa/locking-redis")
  })

  it("picks the default locking provider as Medusa does: is_default, else the only one, else in-memory", () => {
    const withProviders = (providers: Array<{ resolve: string; id: string; is_default?: boolean }>): ResolvedConfig => ({
      projectConfig: { workerMode: "worker" },
      modules: { event_bus: { resolve: "@medusajs/medusa/event-bus-redis" }, locking: { resolve: "@medusajs/medusa/locking", options: { providers } } },
    })
    expect(defaultLockingProvider(withProviders([{ resolve: "@medusajs/medusa/locking-postgres", id: "pg" }]))).toBe(
      "@medusajs/medusa/locking-postgres"
    )
    const two = withProviders([
      { resolve: "@medusajs/medusa/locking-postgres", id: "pg" },
      { resolve: "@medusajs/medusa/locking-redis", id: "redis" },
    ])
    expect(defaultLockingProvider(two)).toBe("in-memory")
    expect(productionShapeProblems(two)).toHaveLength(1)
    two.modules!.locking = { options: { providers: [{ resolve: "a", id: "a" }, { resolve: "b", id: "b", is_default: true }] } }
    expect(productionShapeProblems(two)).toEqual([])
  })

  it("refuses an unknown MEDUSA_WORKER_MODE", () => {
    expect(() => repoConfig({ MEDUSA_WORKER_MODE: "both" })).toThrow(/MEDUSA_WORKER_MODE must be shared, server or worker/)
  })
})
