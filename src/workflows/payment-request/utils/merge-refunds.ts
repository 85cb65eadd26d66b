import type { StoredPayment } from "../../../providers/payment-request/session-data"

/**
 * The record's payments with the refunds a Medusa payment's data holds and the record lacks (matched by
 * refundToken), or undefined when the record has them all. A refund the record already holds keeps the
 * record's version: the record may know it PAID while the payment's data still says PENDING.
 */
export function mergeRefunds(recorded: StoredPayment[], fromPayment: StoredPayment[]): StoredPayment[] | undefined {
  let changed = false
  const merged = recorded.map((p) => {
    const other = fromPayment.find((o) => o.paymentToken === p.paymentToken)
    if (!other) return p
    const known = new Set(p.refunds.map((r) => r.refundToken))
    const added = other.refunds.filter((r) => !known.has(r.refundToken))
    if (!added.length) return p
    changed = true
    return { ...p, refunds: [...p.refunds, ...added] }
  })
  // A payment the record has not read yet (the notification of the payment itself was lost too).
  for (const o of fromPayment) {
    if (!recorded.some((p) => p.paymentToken === o.paymentToken)) {
      merged.push(o)
      changed = true
    }
  }
  return changed ? merged : undefined
}
