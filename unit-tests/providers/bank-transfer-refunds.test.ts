import { matchBankTransferRefund } from "../../src/providers/shared/bank-transfer-refunds"

const marked = {
  refundOwedId: "tkro_1",
  amountInCents: 1_550,
  bankReference: "NL-OUT-1",
  markedAt: "2026-11-23T20:00:00.000Z",
}
const forMark = (id: string, refundOwedId = "tkro_1") => ({ id, metadata: { tikkie_refund_owed_id: refundOwedId } })

describe("matchBankTransferRefund (what a provider that cannot refund answers, under the refund lock)", () => {
  it("answers only Medusa's refund made for a marked refund owed, of exactly that amount, once", () => {
    const data = { orderToken: "t", bankTransferRefunds: [marked] }
    const input = (id: string, amount = 15.5, d: Record<string, unknown> = data) => ({
      amount,
      data: d,
      context: { idempotency_key: id },
    })
    // Nothing marked, a refund that names no refund owed, another amount: refused.
    expect(
      matchBankTransferRefund(input("ref_1"), { data: { orderToken: "t" }, refunds: [forMark("ref_1")] })
    ).toBeUndefined()
    expect(
      matchBankTransferRefund(input("ref_1"), { data, refunds: [{ id: "ref_1", metadata: null }] })
    ).toBeUndefined()
    expect(matchBankTransferRefund(input("ref_1", 15.49), { data, refunds: [forMark("ref_1")] })).toBeUndefined()
    expect(matchBankTransferRefund(input("ref_1"), { data, refunds: [forMark("ref_1", "tkro_other")] })).toBeUndefined()

    const answered = matchBankTransferRefund(input("ref_1"), { data, refunds: [forMark("ref_1")] })
    expect(answered?.data).toEqual({ orderToken: "t", bankTransferRefunds: [{ ...marked, medusaRefundId: "ref_1" }] })
    // The mark is used: another refund is refused while the first exists; the same Medusa refund again is answered.
    const after = { data: answered!.data ?? null, refunds: [forMark("ref_1"), forMark("ref_2")] }
    expect(matchBankTransferRefund(input("ref_2"), after)).toBeUndefined()
    expect(matchBankTransferRefund(input("ref_1"), after)?.data).toEqual(answered!.data)
    // The first one's answer was lost (Medusa deleted its refund): a new refund for the mark is answered.
    expect(
      matchBankTransferRefund(input("ref_3"), { data: answered!.data ?? null, refunds: [forMark("ref_3")] })?.data
    ).toEqual({ orderToken: "t", bankTransferRefunds: [{ ...marked, medusaRefundId: "ref_3" }] })
  })

  it("decides on the data read under the lock, and of two of Medusa's refunds naming one mark only the oldest is answered", () => {
    const stale = { orderToken: "t" }
    const fresh = { orderToken: "t", payments: ["settled"], bankTransferRefunds: [marked] }
    const both = [forMark("ref_1"), forMark("ref_2")]
    expect(
      matchBankTransferRefund(
        { amount: 15.5, data: stale, context: { idempotency_key: "ref_2" } },
        { data: fresh, refunds: both }
      )
    ).toBeUndefined()
    expect(
      matchBankTransferRefund(
        { amount: 15.5, data: stale, context: { idempotency_key: "ref_1" } },
        { data: fresh, refunds: both }
      )?.data
    ).toEqual({ ...fresh, bankTransferRefunds: [{ ...marked, medusaRefundId: "ref_1" }] })
  })
})
