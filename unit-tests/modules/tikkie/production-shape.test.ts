import path from "node:path"
import {
  defaultLockingProvider,
  eventBusModule,
  productionShapeProblems,
  workflowEngineModule,
  type ResolvedConfig,
} from "../../../src/modules/tikkie/production-shape"

// medusa-config.ts is read afresh per environment below, with one copy of what it loads (Medusa's utils; the
// plugin's modules, which defineConfig loads for their names): loading them again cost about 3 s of CPU a read.
for (const loaded of ["@medusajs/framework/utils", "../../../src/modules/tikkie", "../../../src/modules/tikkie-bank"]) {
  const real = jest.requireActual(loaded)
  jest.doMock(loaded, () => real)
}

/** This repository's medusa-config.ts as Medusa's defineConfig resolves it, under the given environment. */
function repoConfig(env: Record<string, string | undefined>): ResolvedConfig {
  const saved = { ...process.env }
  Object.assign(process.env, env)
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k]
  try {
    let config: ResolvedConfig | undefined
    jest.isolateModules(() => {
      config = require(path.join(__dirname, "../../../medusa-config.ts")) as ResolvedConfig
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

  it.each(["server", "worker"])(
    "refuses a %s instance on the local event bus and in-memory locking, naming what to configure",
    (mode) => {
      const problems = productionShapeProblems(repoConfig({ REDIS_URL: undefined, MEDUSA_WORKER_MODE: mode }))
      expect(problems).toHaveLength(2)
      expect(problems[0]).toContain("@medusajs/medusa/event-bus-redis")
      expect(problems[1]).toContain("@medusajs/medusa/locking-redis")
    }
  )

  it("accepts server and worker instances with REDIS_URL (Redis event bus and locking registered)", () => {
    for (const mode of ["server", "worker"]) {
      const config = repoConfig({ REDIS_URL: "redis://localhost:6379", MEDUSA_WORKER_MODE: mode })
      expect(config.projectConfig?.workerMode).toBe(mode)
      expect(eventBusModule(config)).toBe("@medusajs/medusa/event-bus-redis")
      expect(defaultLockingProvider(config)).toBe("@medusajs/medusa/locking-redis")
      expect(productionShapeProblems(config)).toEqual([])
    }
  })

  it.each(["server", "worker"])(
    "refuses a %s instance on Medusa's Postgres locking, naming Redis locking instead (issue 19 point 5)",
    (mode) => {
      const config = repoConfig({
        REDIS_URL: "redis://localhost:6379",
        MEDUSA_WORKER_MODE: mode,
        MEDUSA_LOCKING: "postgres",
      })
      expect(defaultLockingProvider(config)).toBe("@medusajs/medusa/locking-postgres")
      const problems = productionShapeProblems(config)
      expect(problems).toHaveLength(1)
      expect(problems[0]).toContain("Postgres locking")
      expect(problems[0]).toContain("@medusajs/medusa/locking-redis")
    }
  )

  it("picks the default locking provider as Medusa does: is_default, else the only one, else in-memory", () => {
    const withProviders = (
      providers: Array<{ resolve: string; id: string; is_default?: boolean }>
    ): ResolvedConfig => ({
      projectConfig: { workerMode: "worker" },
      modules: {
        event_bus: { resolve: "@medusajs/medusa/event-bus-redis" },
        locking: { resolve: "@medusajs/medusa/locking", options: { providers } },
      },
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
    two.modules!.locking = {
      options: {
        providers: [
          { resolve: "a", id: "a" },
          { resolve: "b", id: "b", is_default: true },
        ],
      },
    }
    expect(productionShapeProblems(two)).toEqual([])
  })

  it("refuses an unknown MEDUSA_WORKER_MODE", () => {
    expect(() => repoConfig({ MEDUSA_WORKER_MODE: "both" })).toThrow(
      /MEDUSA_WORKER_MODE must be shared, server or worker/
    )
  })
})

/**
 * `shared` mode (issue 19 point 8): N replicas of a shared instance each run the polls and settlements, so
 * in-memory locking is refused wherever more than one instance is likely (Redis event bus or workflow
 * engine, NODE_ENV=production) unless the shop says it runs one (the tikkie module's `singleInstance`).
 */
describe("production shape check, shared mode", () => {
  const REDIS_BUS = { resolve: "@medusajs/medusa/event-bus-redis", options: { redisUrl: "redis://r" } }
  const REDIS_ENGINE = {
    resolve: "@medusajs/medusa/workflow-engine-redis",
    options: { redis: { redisUrl: "redis://r" } },
  }
  const REDIS_LOCKING = {
    resolve: "@medusajs/medusa/locking",
    options: { providers: [{ resolve: "@medusajs/medusa/locking-redis", id: "locking-redis", is_default: true }] },
  }
  const shared = (modules: ResolvedConfig["modules"] = {}): ResolvedConfig => ({
    projectConfig: { workerMode: "shared" },
    modules,
  })

  it("names the workflow engine Medusa loads (in-memory when none is configured)", () => {
    expect(workflowEngineModule(shared())).toMatch(/workflow-engine-inmemory/)
    expect(workflowEngineModule(shared({ workflows: REDIS_ENGINE }))).toBe("@medusajs/medusa/workflow-engine-redis")
  })

  const cases: Array<[string, ResolvedConfig["modules"], string | undefined, boolean, boolean]> = [
    // what, modules, NODE_ENV, singleInstance, refused
    ["Medusa's defaults in development", {}, "development", false, false],
    ["Medusa's defaults in tests", {}, "test", false, false],
    ["Medusa's defaults without NODE_ENV", {}, undefined, false, false],
    ["in-memory locking in production", {}, "production", false, true],
    ["in-memory locking in production, singleInstance", {}, "production", true, false],
    ["Redis event bus, in-memory locking", { event_bus: REDIS_BUS }, "development", false, true],
    ["Redis event bus, in-memory locking, singleInstance", { event_bus: REDIS_BUS }, "development", true, false],
    ["Redis workflow engine, in-memory locking", { workflows: REDIS_ENGINE }, "development", false, true],
    [
      "Redis workflow engine, in-memory locking, singleInstance",
      { workflows: REDIS_ENGINE },
      "development",
      true,
      false,
    ],
    [
      "Redis event bus and engine, in-memory locking, production",
      { event_bus: REDIS_BUS, workflows: REDIS_ENGINE },
      "production",
      false,
      true,
    ],
    [
      "Redis everything in production",
      { event_bus: REDIS_BUS, workflows: REDIS_ENGINE, locking: REDIS_LOCKING },
      "production",
      false,
      false,
    ],
    ["Redis locking alone in production", { locking: REDIS_LOCKING }, "production", false, false],
  ]
  it.each(cases)("%s", (_what, modules, nodeEnv, singleInstance, refused) => {
    const problems = productionShapeProblems(shared(modules), { nodeEnv, singleInstance })
    if (!refused) return expect(problems).toEqual([])
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain("in-memory locking")
    expect(problems[0]).toContain("@medusajs/medusa/locking-redis")
    expect(problems[0]).toContain("singleInstance: true")
  })

  it("says why it refuses: the Redis modules and NODE_ENV it saw", () => {
    const [problem] = productionShapeProblems(shared({ event_bus: REDIS_BUS, workflows: REDIS_ENGINE }), {
      nodeEnv: "production",
    })
    expect(problem).toContain("@medusajs/medusa/event-bus-redis")
    expect(problem).toContain("@medusajs/medusa/workflow-engine-redis")
    expect(problem).toContain("NODE_ENV=production")
  })

  it("singleInstance does not excuse a server or worker instance (a split store is more than one process)", () => {
    for (const workerMode of ["server", "worker"]) {
      const config: ResolvedConfig = { projectConfig: { workerMode }, modules: {} }
      const problems = productionShapeProblems(config, { nodeEnv: "development", singleInstance: true })
      expect(problems.join(" ")).toContain("@medusajs/medusa/locking-redis")
      expect(problems.join(" ")).toContain(`singleInstance: true cannot be right with workerMode "${workerMode}"`)
    }
  })

  it("this repository's medusa-config with REDIS_URL in shared mode has Redis locking, so it passes in production", () => {
    const config = repoConfig({ REDIS_URL: "redis://localhost:6379", MEDUSA_WORKER_MODE: "shared" })
    expect(productionShapeProblems(config, { nodeEnv: "production" })).toEqual([])
  })
})
