import { TIKKIE_MODULE } from "../../src/modules/tikkie"
import type TikkieModuleService from "../../src/modules/tikkie/service"
import { connectAccount, control, loginAdmin } from "../helpers/tikkie-bank-env"
import { bankSuite } from "../helpers/store-suites"

/** Opened today: only what the test books is on it. */
const ACCOUNT = "NL02ABNA0123456789"
const PAYER_IBAN = "NL91ABNA0417164300"

/**
 * A refund owed an admin marked refunded by bank transfer is found leaving the shop's account by the
 * reconciliation: by the bank reference the admin gave, or by amount to the payer's IBAN.
 */
export default bankSuite("refunds-owed-reconciliation", {
  testSuite: ({ api, getContainer, bankEnv }) => {
    let headers: Record<string, string>
    const tikkie = () => getContainer().resolve<TikkieModuleService>(TIKKIE_MODULE)

    beforeEach(async () => {
      await control(bankEnv, "POST", "/_sandbox/reset")
      ;({ headers } = await loginAdmin(getContainer(), api))
    })

    /** A refund owed as the plugin records it, then marked refunded by an admin. */
    async function markedRefund(key: string, amountInCents: number, bankReference: string, payerIban?: string) {
      const owed = await tikkie().createRefundOweds({
        key,
        order_id: `order_${key}`,
        amount_in_cents: amountInCents,
        currency_code: "eur",
        payer_name: "Piet Jansen",
        payer_account: payerIban ? { iban: payerIban } : null,
        source: "second_payment",
        reason: "The link was paid a second time.",
      })
      const { data } = await api.post(
        `/admin/tikkie/refunds-owed/${owed.id}/refunded`,
        { bank_reference: bankReference },
        { headers }
      )
      expect(data.refund_owed.status).toBe("refunded")
      return owed.id as string
    }
    const book = (body: Record<string, unknown>) =>
      control(bankEnv, "POST", `/_sandbox/accounts/${ACCOUNT}/transactions`, body)

    it("matches the outgoing transfer by the bank reference, another by amount and payer IBAN; a stranger's debit stays unmatched", async () => {
      await connectAccount(bankEnv, api, headers, { accountNumber: ACCOUNT })
      const byReference = await markedRefund("a", 1_550, "TERUG-20261123-01")
      const byIban = await markedRefund("b", 2_281, "transferred by phone", PAYER_IBAN)
      const notSent = await markedRefund("c", 999, "NOT-YET-SENT")
      await book({ amountInCents: 100_000, descriptionLines: ["Storting"] })
      await book({
        amountInCents: -1_550,
        descriptionLines: ["Terugbetaling", "Kenmerk TERUG 20261123 01"],
        counterPartyName: "L Peeters",
      })
      await book({
        amountInCents: -2_281,
        descriptionLines: ["Terugbetaling"],
        counterPartyName: "P Jansen",
        counterPartyAccountNumber: PAYER_IBAN,
      })
      await book({
        amountInCents: -999,
        descriptionLines: ["Huur"],
        counterPartyName: "Verhuurder BV",
        counterPartyAccountNumber: "NL39RABO0300065264",
      })

      const { data } = await api.post("/admin/tikkie/reconciliation/run", {}, { headers })
      expect(data.summary.refunds_matched_now).toBe(2)

      const { data: listed } = await api.get("/admin/tikkie/refunds-owed?status=refunded", { headers })
      const row = (id: string) => listed.refunds_owed.find((r: any) => r.id === id)
      expect(row(byReference)).toEqual(
        expect.objectContaining({ bank_transaction_id: expect.any(String), bank_matched_by: "reference" })
      )
      expect(row(byIban)).toEqual(
        expect.objectContaining({ bank_transaction_id: expect.any(String), bank_matched_by: "amount_iban" })
      )
      expect(row(byIban).bank_transaction_id).not.toBe(row(byReference).bank_transaction_id)
      expect(row(notSent)).toEqual(expect.objectContaining({ bank_transaction_id: null, bank_matched_by: null }))

      // A second run finds nothing new.
      const again = await api.post("/admin/tikkie/reconciliation/run", {}, { headers })
      expect(again.data.summary.refunds_matched_now).toBe(0)
    })
  },
})
