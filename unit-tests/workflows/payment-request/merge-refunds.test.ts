import { mergeRefunds } from "../../../src/workflows/payment-request/utils/merge-refunds"
import type { StoredPayment, StoredRefund } from "../../../src/providers/payment-request/session-data"

const refund = (token: string, status: StoredRefund["status"], amountInCents = 150): StoredRefund => ({
  refundToken: token,
  amountInCents,
  description: `Refund ${token}`,
  createdDateTime: "2026-11-23T10:00:00.000Z",
  status,
})
const payment = (token: string, refunds: StoredRefund[]): StoredPayment => ({
  paymentToken: token,
  tikkieId: "1",
  amountInCents: 2281,
  createdDateTime: "2026-11-23T09:00:00.000Z",
  refunds,
})

describe("mergeRefunds", () => {
  it("adds the refunds the Medusa payment holds and the record lacks", () => {
    const merged = mergeRefunds(
      [payment("p1", [refund("r1", "PAID")])],
      [payment("p1", [refund("r1", "PENDING"), refund("r2", "PENDING", 250)])]
    )
    expect(merged).toEqual([payment("p1", [refund("r1", "PAID"), refund("r2", "PENDING", 250)])])
  })

  it("keeps the record's newer status of a refund it has, and says so when nothing is new", () => {
    expect(
      mergeRefunds([payment("p1", [refund("r1", "PAID")])], [payment("p1", [refund("r1", "PENDING")])])
    ).toBeUndefined()
  })

  it("adds a payment the record has not read yet, with its refunds", () => {
    expect(mergeRefunds([], [payment("p1", [refund("r1", "PENDING")])])).toEqual([
      payment("p1", [refund("r1", "PENDING")]),
    ])
  })
})
