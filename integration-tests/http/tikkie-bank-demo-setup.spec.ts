import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { randomBytes } from "node:crypto"
import { TIKKIE_MODULE } from "../../src/modules/tikkie"
import type TikkieModuleService from "../../src/modules/tikkie/service"
import { TIKKIE_BANK_MODULE } from "../../src/modules/tikkie-bank"
import type TikkieBankModuleService from "../../src/modules/tikkie-bank/service"
import { connectAccount, control, loginAdmin, useTikkieBankSandbox } from "../helpers/tikkie-bank-env"

jest.setTimeout(180_000)

/** The demo's bank set-up: the sandbox on plain HTTP, no client certificate, sandbox payouts on. */
const bankEnv = useTikkieBankSandbox({ plainHttp: true, sandboxPayouts: true })
/** Opened today: no bookings, so every credit on it is one the test booked. */
const EMPTY = "NL02ABNA0123456789"

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let headers: Record<string, string>
    const admin = (method: "get" | "post", path: string, body?: unknown) =>
      (method === "post" ? api.post(path, body ?? {}, { headers }) : api.get(path, { headers })).catch((e: any) => e.response)

    async function paidOrder(amountInCents: number) {
      const orderToken = randomBytes(16).toString("hex")
      await getContainer().resolve<TikkieModuleService>(TIKKIE_MODULE).createFastCheckoutOrders({
        order_token: orderToken,
        reference_id: `cart_${orderToken.slice(0, 8)}`,
        status: "PAID",
        checkout_url: `${bankEnv.sandbox.url}/checkout/fastcheckout/${orderToken}`,
        success_url: "http://storefront.test/ok",
        failure_url: "http://storefront.test/fail",
        provider_id: "pp_tikkie-fast-checkout_tikkie",
        amount_in_cents: amountInCents,
        expires_at: new Date(Date.now() + 600_000),
        medusa_order_id: `order_${orderToken.slice(0, 8)}`,
      })
      return orderToken
    }

    beforeEach(async () => {
      await control(bankEnv, "POST", "/_sandbox/reset")
      ;({ headers } = await loginAdmin(getContainer(), api))
    })

    it("connects over plain HTTP without a client certificate and reads the balance", async () => {
      expect(bankEnv.sandbox.url).toMatch(/^http:\/\//)
      const page = await connectAccount(bankEnv, api, headers, { accountNumber: EMPTY })
      expect(page.text).toContain("Bank account connected")
      const shown = await admin("get", "/admin/tikkie/bank")
      expect(shown.status).toBe(200)
      expect(shown.data.connection).toEqual(expect.objectContaining({ account_number: EMPTY, status: "connected" }))
      const atBank = (await control(bankEnv, "GET", "/_sandbox/accounts")).accounts.find((a: any) => a.accountNumber === EMPTY)
      expect(shown.data.balance).toEqual(expect.objectContaining({ amount_in_cents: atBank.balanceInCents, currency: "EUR" }))
    })

    it("books the sandbox payouts of paid orders not yet matched, reconciles them, and never books one twice", async () => {
      expect((await admin("get", "/admin/tikkie/bank/sandbox-payouts")).data).toEqual({ enabled: true })
      const before = await admin("post", "/admin/tikkie/bank/sandbox-payouts")
      expect(before.status).toBe(400)
      expect(before.data.message).toMatch(/No bank account is connected/)

      await connectAccount(bankEnv, api, headers, { accountNumber: EMPTY })
      const a = await paidOrder(1_299)
      const b = await paidOrder(4_250)
      const first = await admin("post", "/admin/tikkie/bank/sandbox-payouts")
      expect(first.status).toBe(200)
      expect(first.data.booked.map((p: any) => [p.reference, p.amount_in_cents]).sort()).toEqual([[a, 1_299], [b, 4_250]].sort())
      expect(first.data.summary).toEqual(expect.objectContaining({ transactions_stored: 2, matched_now: 2 }))

      const list = (await admin("get", "/admin/tikkie/reconciliation")).data
      expect(list.counts).toEqual({ matched: 2, mismatch: 0, pending: 0, overdue: 0, unmatched: 0 })
      expect(list.items.find((i: any) => i.reference === a)).toEqual(
        expect.objectContaining({
          status: "matched",
          matched_by: "reference",
          transaction: expect.objectContaining({ amount_in_cents: 1_299, description_lines: ["TIKKIE FASTCHECKOUT", a] }),
        })
      )

      // A new paid order later: only its payout is booked.
      const c = await paidOrder(500)
      const second = await admin("post", "/admin/tikkie/bank/sandbox-payouts")
      expect(second.data.booked.map((p: any) => p.reference)).toEqual([c])
      const third = await admin("post", "/admin/tikkie/bank/sandbox-payouts")
      expect(third.data.booked).toEqual([])
      const bank = getContainer().resolve<TikkieBankModuleService>(TIKKIE_BANK_MODULE)
      expect(await bank.listBankTransactions({})).toHaveLength(3)
      expect((await admin("post", "/admin/tikkie/bank/sandbox-payouts", { references: [a] })).status).toBe(400)
    })
  },
})
