import { matchBankTransferRefund } from "../../src/providers/shared/bank-transfer-refunds"

const mark = { refundOwedId: "tkro_1", amountInCents: 1_550 }
const forMark = (id: string, refundOwedId = "tkro_1") => ({ id, metadata: { tikkie_refund_owed_id: refundOwedId } })
const input = (id: string, amount = 15.5) => ({ amount, data: { orderToken: "t" }, context: { idempotency_key: id } })
const locked = (...refunds: Array<{ id: string; metadata: Record<string, unknown> | null }>) => ({
  paymentId: "pay_1",
  refunds,
})

describe("matchBankTransferRefund (what a provider that cannot refund answers, under the refund lock)", () => {
  it("answers only Medusa's refund made for a marked refund owed, of exactly that amount, once", () => {
    // Nothing marked, a refund that names no refund owed, another amount, another refund owed: refused.
    expect(matchBankTransferRefund(input("ref_1"), locked(forMark("ref_1")), [])).toBeUndefined()
    expect(matchBankTransferRefund(input("ref_1"), locked({ id: "ref_1", metadata: null }), [mark])).toBeUndefined()
    expect(matchBankTransferRefund(input("ref_1", 15.49), locked(forMark("ref_1")), [mark])).toBeUndefined()
    expect(matchBankTransferRefund(input("ref_1"), locked(forMark("ref_1", "tkro_other")), [mark])).toBeUndefined()

    // Answered with the payment's data as it is: the mark stays on the refund owed.
    expect(matchBankTransferRefund(input("ref_1"), locked(forMark("ref_1")), [mark])?.data).toEqual({ orderToken: "t" })
    // Used: another refund naming the mark is refused while the first exists.
    expect(matchBankTransferRefund(input("ref_2"), locked(forMark("ref_1"), forMark("ref_2")), [mark])).toBeUndefined()
    // The first one's answer was lost (Medusa deleted its refund): a new refund for the mark is answered.
    expect(matchBankTransferRefund(input("ref_3"), locked(forMark("ref_3")), [mark])).toBeDefined()
  })

  it("an earlier version's mark in the payment's data names the refund it was taken by", () => {
    const legacy = { ...mark, medusaRefundId: "ref_old" }
    expect(
      matchBankTransferRefund(input("ref_2"), locked({ id: "ref_old", metadata: null }, forMark("ref_2")), [legacy])
    ).toBeUndefined()
    expect(matchBankTransferRefund(input("ref_2"), locked(forMark("ref_2")), [legacy])).toBeDefined()
  })
})
