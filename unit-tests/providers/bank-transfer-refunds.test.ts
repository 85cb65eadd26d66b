import { answerBankTransferRefund } from "../../src/providers/shared/bank-transfer-refunds"

const marked = {
  refundOwedId: "tkro_1",
  amountInCents: 1_550,
  bankReference: "NL-OUT-1",
  markedAt: "2026-11-23T20:00:00.000Z",
}

describe("answerBankTransferRefund (what a provider that cannot refund answers)", () => {
  it("answers only a refund an admin marked, of exactly that amount, once; a retry of the same Medusa refund again", () => {
    const data = { orderToken: "t", bankTransferRefunds: [marked] }
    expect(
      answerBankTransferRefund({ amount: 15.5, data: { orderToken: "t" }, context: { idempotency_key: "ref_1" } })
    ).toBeUndefined()
    expect(answerBankTransferRefund({ amount: 15.49, data, context: { idempotency_key: "ref_1" } })).toBeUndefined()

    const answered = answerBankTransferRefund({ amount: 15.5, data, context: { idempotency_key: "ref_1" } })
    expect(answered?.data).toEqual({ orderToken: "t", bankTransferRefunds: [{ ...marked, medusaRefundId: "ref_1" }] })
    // The mark is used: another refund of the same amount is refused; the same Medusa refund retried is answered.
    expect(
      answerBankTransferRefund({ amount: 15.5, data: answered!.data, context: { idempotency_key: "ref_2" } })
    ).toBeUndefined()
    expect(
      answerBankTransferRefund({ amount: 15.5, data: answered!.data, context: { idempotency_key: "ref_1" } })?.data
    ).toEqual(answered!.data)
  })
})
