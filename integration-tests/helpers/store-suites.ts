import { medusaIntegrationTestRunner, type MedusaSuiteOptions } from "@medusajs/test-utils"
import { usePaymentRequestApp } from "./payment-request-env"
import { seedStore } from "./store-flow"
import type { TikkieBankTestEnv } from "./tikkie-bank-env"
import { useTikkieSandbox, type TikkieTestEnv } from "./tikkie-sandbox-env"

/**
 * Several suites (`*.suite.ts`) in one Medusa app, run by one `*.spec.ts` file (a group): a boot costs
 * 15-20 s of CPU and a process boots one app. Each suite starts from the booted app's database (a store
 * group's with the demo store seeded), seeds in its own `beforeAll`, and the runner restores that before
 * each of its tests. The sandbox is the group's, so a test finds its orders by token, never by being first.
 */
export interface GroupSuite<E> {
  name: string
  testSuite: (ctx: MedusaSuiteOptions & E) => void
}

function chosen<E>(suites: Array<GroupSuite<E>>): Array<GroupSuite<E>> {
  const names = process.env.TIKKIE_SUITES?.split(",").filter(Boolean)
  return names?.length ? suites.filter((s) => names.includes(s.name)) : suites
}

/** Boots one app and runs the suites in it with the runner's options and `environment` (set up before the boot). */
export function runSuiteGroup<E extends object>(
  environment: E,
  suites: Array<GroupSuite<E>>,
  /** What every suite seeds first: done once, before the boot's template is taken. */
  seed?: (ctx: MedusaSuiteOptions) => Promise<unknown>
): void {
  jest.setTimeout(240_000)
  medusaIntegrationTestRunner({
    testSuite: (ctx) => {
      const booted = `${ctx.dbConfig.dbName}-booted`.slice(0, 63)
      describe("suites", () => {
        beforeAll(async () => {
          await seed?.(ctx)
          await ctx.dbUtils.snapshot({ templateName: booted })
        })
        // Here, before the runner's own clean-up closes its connection.
        afterAll(async () => {
          const dropTemplate = (ctx.dbUtils as unknown as { dropTemplate?: (name: string) => Promise<void> })
            .dropTemplate
          await dropTemplate?.(booted)
        })
        for (const suite of chosen(suites)) {
          describe(suite.name, () => {
            beforeAll(() => ctx.dbUtils.restore({ templateName: booted }))
            suite.testSuite({ ...ctx, ...environment })
            // After the suite's own beforeAll hooks: their state is what each of its tests starts from.
            beforeAll(() => ctx.dbUtils.snapshot())
          })
        }
      })
    },
  })
}

export type StoreSuiteContext = MedusaSuiteOptions & { tikkie: TikkieTestEnv }

export function storeSuite(
  name: string,
  suite: { testSuite: (ctx: StoreSuiteContext) => void }
): GroupSuite<{ tikkie: TikkieTestEnv }> {
  return { name, testSuite: suite.testSuite }
}

export interface StoreGroupOptions {
  /** The store's Tikkie request timeout (TIKKIE_REQUEST_TIMEOUT_MS): tests with hanging answers wait it out. */
  requestTimeoutMs: number
  paymentRequestApp?: boolean
  /** Registered after the sandbox and before the app boots (more environment for medusa-config.ts). */
  beforeBoot?: (tikkie: TikkieTestEnv) => void
}

export function runStoreSuites(options: StoreGroupOptions, suites: Array<GroupSuite<{ tikkie: TikkieTestEnv }>>): void {
  const tikkie = useTikkieSandbox({ requestTimeoutMs: options.requestTimeoutMs })
  if (options.paymentRequestApp) usePaymentRequestApp(tikkie)
  options.beforeBoot?.(tikkie)
  runSuiteGroup({ tikkie }, suites, (ctx) => seedStore(ctx.getContainer()))
}

export type BankSuiteContext = MedusaSuiteOptions & { bankEnv: TikkieBankTestEnv }

export function bankSuite(
  name: string,
  suite: { testSuite: (ctx: BankSuiteContext) => void }
): GroupSuite<{ bankEnv: TikkieBankTestEnv }> {
  return { name, testSuite: suite.testSuite }
}
