import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import checkProductionShape from "../../src/modules/tikkie/loaders/check-production-shape"
import { IDLE_HOOK_BRAKE } from "../../src/api/utils/idle-hook-brake"
import { envSetting, envSettingProblems } from "../../src/utils/env-settings"
import { pollBatchSize } from "../../src/workflows/utils/poll-schedule"

/** The tikkie module's start-up check as Medusa runs it on a development store. */
function start() {
  const errors: string[] = []
  const container = {
    resolve: (key: string) =>
      key === ContainerRegistrationKeys.CONFIG_MODULE
        ? { projectConfig: { workerMode: "shared" }, modules: {} }
        : { error: (m: string) => errors.push(m), warn: () => undefined, info: () => undefined },
  }
  return { run: checkProductionShape({ container, options: {} } as never), errors }
}

describe("the plugin's environment variables, validated with zod", () => {
  const saved = { ...process.env }
  afterEach(() => {
    for (const name of ["TIKKIE_POLL_BATCH", "TIKKIE_HOOK_IDLE_ANSWERS_PER_SECOND", "NODE_ENV"]) {
      if (saved[name] === undefined) delete process.env[name]
      else process.env[name] = saved[name]
    }
  })

  it("unset or empty: the documented defaults; a whole number in range, with spaces around, is taken", () => {
    expect(envSetting("TIKKIE_READ_INTERVAL_MS", {})).toBe(5_000)
    expect(envSetting("TIKKIE_POLL_BATCH", { TIKKIE_POLL_BATCH: "" })).toBe(500)
    expect(envSetting("TIKKIE_HOOK_IDLE_ANSWERS_PER_SECOND", {})).toBe(20)
    expect(envSetting("TIKKIE_GET_ORDER_RATE_LIMIT", {})).toBe(200)
    expect(envSetting("TIKKIE_READ_INTERVAL_MS", { TIKKIE_READ_INTERVAL_MS: " 3000 " })).toBe(3_000)
    expect(envSetting("TIKKIE_GET_ORDER_RATE_LIMIT", { TIKKIE_GET_ORDER_RATE_LIMIT: "10" })).toBe(10)
    expect(envSettingProblems({ TIKKIE_POLL_BATCH: "50", TIKKIE_READ_INTERVAL_MS: "500" })).toEqual([])
  })

  it("a typo, a fraction or a value out of range is refused with the variable, its range and what was given", () => {
    expect(() => envSetting("TIKKIE_READ_INTERVAL_MS", { TIKKIE_READ_INTERVAL_MS: "3s" })).toThrow(
      'TIKKIE_READ_INTERVAL_MS must be a whole number from 500 to 5000, got "3s"'
    )
    expect(() => envSetting("TIKKIE_READ_INTERVAL_MS", { TIKKIE_READ_INTERVAL_MS: "60000" })).toThrow(
      'TIKKIE_READ_INTERVAL_MS must be a whole number from 500 to 5000, got "60000"'
    )
    expect(() => envSetting("TIKKIE_GET_ORDER_RATE_LIMIT", { TIKKIE_GET_ORDER_RATE_LIMIT: "250" })).toThrow(
      'TIKKIE_GET_ORDER_RATE_LIMIT must be a whole number from 1 to 200, got "250"'
    )
    expect(() => envSetting("TIKKIE_POLL_BATCH", { TIKKIE_POLL_BATCH: "0" })).toThrow(/from 1 to 10000, got "0"/)
    expect(() => envSetting("TIKKIE_POLL_BATCH", { TIKKIE_POLL_BATCH: "12.5" })).toThrow(/got "12.5"/)
    expect(
      envSettingProblems({ TIKKIE_POLL_BATCH: "-3", TIKKIE_HOOK_IDLE_ANSWERS_PER_SECOND: "x".repeat(40) })
    ).toEqual([
      'TIKKIE_POLL_BATCH must be a whole number from 1 to 10000, got "-3"',
      `TIKKIE_HOOK_IDLE_ANSWERS_PER_SECOND must be a whole number from 1 to 1000000, got "${"x".repeat(20)}"…`,
    ])
  })

  it("the poll's batch and the idle-answer brake read the variable when they run, and refuse a bad one", () => {
    process.env.TIKKIE_POLL_BATCH = "40"
    expect(pollBatchSize()).toBe(40)
    process.env.TIKKIE_POLL_BATCH = "forty"
    expect(() => pollBatchSize()).toThrow(/TIKKIE_POLL_BATCH must be a whole number/)
    process.env.TIKKIE_HOOK_IDLE_ANSWERS_PER_SECOND = "0"
    expect(() => IDLE_HOOK_BRAKE.holdFor()).toThrow(/TIKKIE_HOOK_IDLE_ANSWERS_PER_SECOND must be a whole number/)
  })

  it("a bad variable stops the store's start, in every process, naming it and where the defaults are", async () => {
    process.env.NODE_ENV = "development"
    process.env.TIKKIE_POLL_BATCH = "all"
    const { run, errors } = start()
    await expect(run).rejects.toThrow(
      'medusa-plugin-tikkie cannot start: TIKKIE_POLL_BATCH must be a whole number from 1 to 10000, got "all". ' +
        'Unset it for the default (docs/production.md, "Environment variables the plugin reads").'
    )
    expect(errors).toHaveLength(1)
    delete process.env.TIKKIE_POLL_BATCH
    await expect(start().run).resolves.toBeUndefined()
  })
})
