import {
  matchRefundsOwed,
  type Debit,
  type RefundToMatch,
} from "../../src/workflows/tikkie-bank/utils/match-refunds-owed"

const refund = (over: Partial<RefundToMatch> = {}): RefundToMatch => ({
  id: "tkro_1",
  amountInCents: 3_545,
  currency: "eur",
  bankReference: "NL-OUT-4711",
  payerIban: "NL91ABNA0417164300",
  refundedDate: "2026-11-23",
  ...over,
})
const debit = (over: Partial<Debit> = {}): Debit => ({
  transactionId: "tx1",
  amountInCents: -3_545,
  currency: "EUR",
  bookDate: "2026-11-24",
  descriptionLines: ["Terugbetaling order 1", "KENMERK NL OUT 4711"],
  counterPartyAccountNumber: null,
  ...over,
})

describe("matchRefundsOwed", () => {
  it("matches by the bank reference in the description (only letters and digits compared), with the same amount", () => {
    const d = debit({ descriptionLines: ["terugbetaling", "kenmerk nl out/4711"] })
    expect(matchRefundsOwed([refund()], [d])).toEqual([
      { refundOwedId: "tkro_1", transactionId: "tx1", matchedBy: "reference" },
    ])
  })

  it("does not take a credit, another amount, or a transfer already used", () => {
    const r = refund()
    expect(matchRefundsOwed([r], [debit({ amountInCents: 3_545, descriptionLines: ["NL-OUT-4711"] })])).toEqual([])
    expect(matchRefundsOwed([r], [debit({ amountInCents: -3_544, descriptionLines: ["NL-OUT-4711"] })])).toEqual([])
    const two = matchRefundsOwed([r, refund({ id: "tkro_2" })], [debit({ descriptionLines: ["NL-OUT-4711"] })])
    expect(two).toHaveLength(1)
  })

  it("without the reference: same amount to the payer's IBAN within the window, nearest day first", () => {
    const r = refund({ bankReference: "unrelated" })
    const far = debit({
      transactionId: "far",
      bookDate: "2026-11-20",
      descriptionLines: [],
      counterPartyAccountNumber: "NL91 ABNA 0417 1643 00",
    })
    const near = debit({
      transactionId: "near",
      bookDate: "2026-11-24",
      descriptionLines: [],
      counterPartyAccountNumber: "NL91ABNA0417164300",
    })
    const late = debit({
      transactionId: "late",
      bookDate: "2026-12-01",
      descriptionLines: [],
      counterPartyAccountNumber: "NL91ABNA0417164300",
    })
    expect(matchRefundsOwed([r], [far, near, late])).toEqual([
      { refundOwedId: "tkro_1", transactionId: "near", matchedBy: "amount_iban" },
    ])
    expect(matchRefundsOwed([r], [late])).toEqual([])
    expect(matchRefundsOwed([refund({ bankReference: null, payerIban: null })], [near])).toEqual([])
    expect(
      matchRefundsOwed([r], [debit({ descriptionLines: [], counterPartyAccountNumber: "NL02ABNA0123456789" })])
    ).toEqual([])
  })
})
