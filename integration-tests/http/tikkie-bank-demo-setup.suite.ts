import { randomBytes } from "node:crypto"
import { TIKKIE_MODULE } from "../../src/modules/tikkie"
import type TikkieModuleService from "../../src/modules/tikkie/service"
import { TIKKIE_BANK_MODULE } from "../../src/modules/tikkie-bank"
import type TikkieBankModuleService from "../../src/modules/tikkie-bank/service"
import { connectAccount, control, loginAdmin } from "../helpers/tikkie-bank-env"
import { bankSuite } from "../helpers/store-suites"
import { FastCheckoutClient } from "tikkie-client"

/** Opened today: no bookings, so every credit on it is one the test booked. */
const EMPTY = "NL02ABNA0123456789"

/** The demo's bank set-up: the sandbox on plain HTTP, no client certificate. */
export default bankSuite("tikkie-bank-demo-setup", {
  testSuite: ({ api, getContainer, bankEnv }) => {
    let headers: Record<string, string>
    const admin = (method: "get" | "post", path: string, body?: unknown) =>
      (method === "post" ? api.post(path, body ?? {}, { headers }) : api.get(path, { headers })).catch(
        (e: any) => e.response
      )

    /**
     * A Fast Checkout order the sandbox took and the store settled: created and paid at the sandbox (its
     * client and pay control), and the store's record of it PAID with the amount Tikkie took.
     */
    async function paidOrder(priceInCents: number) {
      const setup = new FastCheckoutClient({ apiKey: bankEnv.apiKey, baseUrl: bankEnv.sandbox.url })
      const { merchantToken } = await setup.createSandboxMerchant()
      await setup.close()
      const client = new FastCheckoutClient({ apiKey: bankEnv.apiKey, merchantToken, baseUrl: bankEnv.sandbox.url })
      const { orderToken, checkoutUrl } = await client.createOrder({
        referenceId: `cart_${randomBytes(4).toString("hex")}`,
        redirectUrl: "http://storefront.test/return",
        currency: "EUR",
        items: [{ itemName: "Stroopwafels", priceInCents, quantity: 1 }],
        shippingCostsInCents: 0,
        expiration: 900,
      } as never)
      await client.close()
      await control(bankEnv, "POST", `/_sandbox/fastcheckout/orders/${orderToken}/pay`, {})
      await getContainer()
        .resolve<TikkieModuleService>(TIKKIE_MODULE)
        .createFastCheckoutOrders({
          order_token: orderToken,
          reference_id: `cart_${orderToken.slice(0, 8)}`,
          status: "PAID",
          checkout_url: checkoutUrl,
          success_url: "http://storefront.test/ok",
          failure_url: "http://storefront.test/fail",
          provider_id: "pp_tikkie-fast-checkout_tikkie",
          amount_in_cents: priceInCents,
          expires_at: new Date(Date.now() + 600_000),
          medusa_order_id: `order_${orderToken.slice(0, 8)}`,
        })
      return orderToken
    }
    const payouts = async () =>
      (await control(bankEnv, "POST", `/_sandbox/accounts/${EMPTY}/payouts`, {})).payouts as Array<{
        reference: string
        amountInCents: number
      }>
    const run = async () => (await admin("post", "/admin/tikkie/reconciliation/run")).data.summary

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
      const atBank = (await control(bankEnv, "GET", "/_sandbox/accounts")).accounts.find(
        (a: any) => a.accountNumber === EMPTY
      )
      expect(shown.data.balance).toEqual(
        expect.objectContaining({ amount_in_cents: atBank.balanceInCents, currency: "EUR" })
      )
    })

    it("the sandbox pays out what it took, the reconciliation matches it by reference, and nothing is paid out twice", async () => {
      await connectAccount(bankEnv, api, headers, { accountNumber: EMPTY })
      const a = await paidOrder(1_299)
      const b = await paidOrder(4_250)
      expect((await payouts()).map((p) => [p.reference, p.amountInCents]).sort()).toEqual(
        [
          [a, 1_299],
          [b, 4_250],
        ].sort()
      )
      expect(await run()).toEqual(expect.objectContaining({ transactions_stored: 2, matched_now: 2 }))

      const list = (await admin("get", "/admin/tikkie/reconciliation")).data
      expect(list.counts).toEqual({ matched: 2, mismatch: 0, pending: 0, overdue: 0, unmatched: 0 })
      expect(list.items.find((i: any) => i.reference === a)).toEqual(
        expect.objectContaining({
          status: "matched",
          matched_by: "reference",
          transaction: expect.objectContaining({
            amount_in_cents: 1_299,
            description_lines: ["TIKKIE FASTCHECKOUT", a],
            counter_party_name: "Stichting Tikkie",
          }),
        })
      )

      // A new paid order later: only its payout is booked; asked again, none.
      const c = await paidOrder(500)
      expect((await payouts()).map((p) => p.reference)).toEqual([c])
      expect(await payouts()).toEqual([])
      await run()
      const bank = getContainer().resolve<TikkieBankModuleService>(TIKKIE_BANK_MODULE)
      expect(await bank.listBankTransactions({})).toHaveLength(3)
      // The store has no route of its own for this any more.
      expect((await admin("post", "/admin/tikkie/bank/sandbox-payouts")).status).toBe(404)
    })
  },
})
