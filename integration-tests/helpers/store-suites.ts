import { medusaIntegrationTestRunner, type MedusaSuiteOptions } from "@medusajs/test-utils"
import { usePaymentRequestApp } from "./payment-request-env"
import type { TikkieBankTestEnv } from "./tikkie-bank-env"
import { useTikkieSandbox, type TikkieTestEnv } from "./tikkie-sandbox-env"

/**
 * Several suites in one Medusa app. Booting a Medusa app costs a test process 15-20 s of CPU (loading
 * Medusa under jest, the runner's migration check, the link sync, the app booted twice), and a process
 * can boot only one (Medusa 2.21 keeps module state in process-wide caches; see scripts/test.js). So
 * the suites that need the same app (the same environment at boot) are `*.suite.ts` files run by one
 * `*.spec.ts` file, a group, in one process: one boot instead of one per suite.
 *
 * Each suite still starts from its own database: before its hooks run, the database goes back to the
 * freshly booted app's (a template taken once), the suite seeds what it needs in its own `beforeAll`,
 * and that state becomes the template the test runner restores before each of the suite's tests, as a
 * file of its own had it. The sandbox is the group's: each suite clears what it needs cleared before
 * its tests (faults, deliveries, the request log); orders and payment requests stay (as a real Tikkie
 * account has others), so a test finds its own by token, never by being first.
 *
 * `node scripts/test.js <suite name>` runs a group with only the suites named (TIKKIE_SUITES).
 */
export interface GroupSuite<E> {
  name: string
  testSuite: (ctx: MedusaSuiteOptions & E) => void
}

/** The suites named in TIKKIE_SUITES (comma-separated), or all. */
function chosen<E>(suites: Array<GroupSuite<E>>): Array<GroupSuite<E>> {
  const names = process.env.TIKKIE_SUITES?.split(",").filter(Boolean)
  return names?.length ? suites.filter((s) => names.includes(s.name)) : suites
}

/**
 * Boots one app and runs the suites in it, each with the runner's options and `environment` (what the
 * group set up before the boot: a sandbox and its tokens). Call at the top of the group's spec file,
 * after the hooks that set up the environment.
 */
export function runSuiteGroup<E extends object>(environment: E, suites: Array<GroupSuite<E>>): void {
  jest.setTimeout(240_000)
  medusaIntegrationTestRunner({
    testSuite: (ctx) => {
      // Postgres allows 63 bytes for a name; the runner's database name is about 50.
      const booted = `${ctx.dbConfig.dbName}-booted`.slice(0, 63)
      describe("suites", () => {
        beforeAll(() => ctx.dbUtils.snapshot({ templateName: booted }))
        // Inside this describe, so before the test runner's own clean-up closes its connection for
        // creating and dropping databases.
        afterAll(async () => {
          const dropTemplate = (ctx.dbUtils as unknown as { dropTemplate?: (name: string) => Promise<void> })
            .dropTemplate
          await dropTemplate?.(booted)
        })
        for (const suite of chosen(suites)) {
          describe(suite.name, () => {
            beforeAll(() => ctx.dbUtils.restore({ templateName: booted }))
            suite.testSuite({ ...ctx, ...environment })
            // Registered after the suite's own beforeAll hooks, so it runs after them: the seeded state is
            // what the runner restores before each of this suite's tests (its first test starts from it).
            beforeAll(() => ctx.dbUtils.snapshot())
          })
        }
      })
    },
  })
}

/** A suite of a store group: the group's sandbox is `tikkie`, its merchant token and app token made. */
export type StoreSuiteContext = MedusaSuiteOptions & { tikkie: TikkieTestEnv }

/**
 * One suite of a store group, shaped like medusaIntegrationTestRunner's argument; `name` is its file's
 * name without `.suite.ts`.
 */
export function storeSuite(
  name: string,
  suite: { testSuite: (ctx: StoreSuiteContext) => void }
): GroupSuite<{ tikkie: TikkieTestEnv }> {
  return { name, testSuite: suite.testSuite }
}

export interface StoreGroupOptions {
  /** The store's Tikkie request timeout (TIKKIE_REQUEST_TIMEOUT_MS): tests with hanging answers wait it out. */
  requestTimeoutMs: number
  /** A payment requests v2 app token from the sandbox (TIKKIE_APP_TOKEN registers the link provider). */
  paymentRequestApp?: boolean
  /** Registered after the sandbox and before the app boots (more environment for medusa-config.ts). */
  beforeBoot?: (tikkie: TikkieTestEnv) => void
}

/** A store on the sandbox's Fast Checkout (and payment requests, with `paymentRequestApp`). */
export function runStoreSuites(options: StoreGroupOptions, suites: Array<GroupSuite<{ tikkie: TikkieTestEnv }>>): void {
  const tikkie = useTikkieSandbox({ requestTimeoutMs: options.requestTimeoutMs })
  if (options.paymentRequestApp) usePaymentRequestApp(tikkie)
  options.beforeBoot?.(tikkie)
  runSuiteGroup({ tikkie }, suites)
}

/** A suite of a bank group: the group's bank sandbox (mutual TLS, the store's bank credentials) is `bankEnv`. */
export type BankSuiteContext = MedusaSuiteOptions & { bankEnv: TikkieBankTestEnv }

export function bankSuite(
  name: string,
  suite: { testSuite: (ctx: BankSuiteContext) => void }
): GroupSuite<{ bankEnv: TikkieBankTestEnv }> {
  return { name, testSuite: suite.testSuite }
}
