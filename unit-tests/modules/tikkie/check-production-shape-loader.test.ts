import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import checkProductionShape from "../../../src/modules/tikkie/loaders/check-production-shape"
import { parseTikkieModuleOptions } from "../../../src/modules/tikkie/options"
import { parseTikkieBankOptions } from "../../../src/modules/tikkie-bank/options"

/** The tikkie module's start-up check as Medusa runs it: the resolved config, the module's options (the plugin's). */
function start(options: Record<string, unknown>, workerMode = "shared") {
  const errors: string[] = []
  const container = {
    resolve: (key: string) =>
      key === ContainerRegistrationKeys.CONFIG_MODULE
        ? { projectConfig: { workerMode }, modules: {} }
        : { error: (m: string) => errors.push(m), warn: () => undefined, info: () => undefined },
  }
  const run = checkProductionShape({ container, options } as never)
  return { run, errors }
}

describe("the tikkie module's start-up check and its singleInstance option", () => {
  const saved = process.env.NODE_ENV
  afterEach(() => {
    process.env.NODE_ENV = saved
  })

  it("refuses one shared process on in-memory locking under NODE_ENV=production, saying what to do", async () => {
    process.env.NODE_ENV = "production"
    const { run, errors } = start({})
    await expect(run).rejects.toThrow(/in-memory locking.*singleInstance: true/s)
    expect(errors.join("\n")).toMatch(/medusa-plugin-tikkie cannot run in this configuration/)
  })

  it("lets a shop that runs one instance start, when it says so with singleInstance: true", async () => {
    process.env.NODE_ENV = "production"
    const { run, errors } = start({ singleInstance: true, database: { clientUrl: "postgres://x" } })
    await expect(run).resolves.toBeUndefined()
    expect(errors).toEqual([])
  })

  it("validates the option with zod: a wrong type or an unknown key stops the start, naming the option", async () => {
    process.env.NODE_ENV = "development"
    await expect(start({ singleInstance: "yes" }).run).rejects.toThrow(/singleInstance must be true or false/)
    await expect(start({ singleInstanse: true }).run).rejects.toThrow(/unknown option singleInstanse/)
  })

  it("shares the plugin's options with the bank module: each ignores the other's keys", () => {
    expect(parseTikkieModuleOptions({ singleInstance: true })).toEqual({ singleInstance: true })
    expect(parseTikkieModuleOptions({})).toEqual({ singleInstance: false })
    expect(parseTikkieModuleOptions({ clientId: "TPP_test", historyMonths: 3 })).toEqual({ singleInstance: false })
    // The plugin's `options: { singleInstance: true }` reach the bank module too: still "feature off", no error.
    expect(parseTikkieBankOptions({ singleInstance: true })).toBeUndefined()
  })
})
