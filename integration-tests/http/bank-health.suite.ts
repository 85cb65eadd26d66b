import { TIKKIE_BANK_MODULE } from "../../src/modules/tikkie-bank"
import type TikkieBankModuleService from "../../src/modules/tikkie-bank/service"
import { connectAccount, control, loginAdmin } from "../helpers/tikkie-bank-env"
import { bankSuite } from "../helpers/store-suites"
import { eventually } from "../helpers/store-flow"

const MAIN = "NL91ABNA0417164300"
type Check = { area: string; check: string; status: string; code: string; values: Record<string, unknown> }

/**
 * The health card of a store with the bank account feature (GET /admin/tikkie/health): the bank's calls,
 * its consent and the last reconciliation. First in its group: a call's mark is written once per state
 * change or 30 s per process, and the runner restores the database under the running app.
 */
export default bankSuite("bank-health", {
  testSuite: ({ api, getContainer, bankEnv }) => {
    let headers: Record<string, string>
    const bank = () => getContainer().resolve<TikkieBankModuleService>(TIKKIE_BANK_MODULE)
    const health = async (): Promise<{ status: string; checks: Check[] }> =>
      (await api.get("/admin/tikkie/health", { headers })).data
    const checkOf = (h: { checks: Check[] }, check: string) =>
      h.checks.find((c) => c.area === "bank" && c.check === check)

    beforeEach(async () => {
      await control(bankEnv, "POST", "/_sandbox/reset")
      ;({ headers } = await loginAdmin(getContainer(), api))
    })

    it("shows the bank's last call, when its consent's refresh may stop and the last reconciliation; red once the bank refuses the refresh", async () => {
      await connectAccount(bankEnv, api, headers, { accountNumber: MAIN })
      const run = await api.post("/admin/tikkie/reconciliation/run", {}, { headers })
      expect(run.status).toBe(200)
      const [connection] = await bank().listBankConnections({})

      const green = await eventually(async () => {
        const h = await health()
        return checkOf(h, "credentials")?.code === "working" ? h : undefined
      })
      expect(green.status).toBe("green")
      expect(green.checks.map((c) => `${c.area}.${c.check}`)).toEqual([
        "bank.credentials",
        "bank.consent",
        "bank.reconciliation",
        "store.paid_without_order",
        "store.refunds_owed",
      ])
      expect(checkOf(green, "consent")).toEqual(
        expect.objectContaining({
          status: "green",
          code: "valid",
          values: expect.objectContaining({
            given_at: new Date(connection.created_at).toISOString(),
            ends_at: new Date(new Date(connection.created_at).getTime() + 90 * 86_400_000).toISOString(),
            days_left: 89,
          }),
        })
      )
      expect(checkOf(green, "reconciliation")).toEqual(
        expect.objectContaining({
          status: "green",
          values: expect.objectContaining({ last_run_at: new Date(connection.last_synced_at!).toISOString() }),
        })
      )

      // The bank forgets every token (a revoked consent): the next read refreshes, and the refresh is refused.
      await control(bankEnv, "POST", "/_sandbox/reset")
      await api.get("/admin/tikkie/bank", { headers })
      const red = await eventually(async () => {
        const h = await health()
        return checkOf(h, "consent")?.status === "red" && checkOf(h, "credentials")?.status === "red" ? h : undefined
      })
      expect(red.status).toBe("red")
      expect(checkOf(red, "consent")?.code).toBe("needs_consent")
      expect(checkOf(red, "credentials")?.values).toEqual(expect.objectContaining({ refused_code: "invalid_grant" }))
      expect(JSON.stringify(red)).not.toContain(bankEnv.encryptionKey)
    })
  },
})
