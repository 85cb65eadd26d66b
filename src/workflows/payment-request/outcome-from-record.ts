import { checkedMomentsAgo } from "../../lib/record-freshness"
import type { PaymentRequestRecord } from "./record-payment-request"
import { recordPayments } from "./record-payment-request"
import { MAX_COMPLETION_ATTEMPTS, type PaymentRequestOutcome } from "./settle-payment-request"

/**
 * What the return route can answer from the record alone, without Tikkie reads or the request's lock:
 * - completed (a captured Medusa payment and its order), or a problem the poll gave up on: that, always;
 * - checked moments ago (record-freshness.ts): paid in full is being completed (or is its problem),
 *   not paid and no longer OPEN is closed, OPEN and unpaid is pending.
 * Undefined when only a settlement can tell (including payments that do not match the amount asked,
 * which the settlement records as a problem).
 */
export function paymentRequestOutcomeFromRecord(record: PaymentRequestRecord, now = Date.now()): PaymentRequestOutcome | undefined {
  if (record.medusa_payment_id && record.order_id) return { outcome: "already-completed", orderId: record.order_id }
  if (record.problem && record.attempts >= MAX_COMPLETION_ATTEMPTS) return { outcome: "problem", problem: record.problem }
  if (!checkedMomentsAgo(record.last_checked_at, now)) return undefined
  const payments = recordPayments(record)
  if (payments.some((p) => p.amountInCents === Number(record.amount_in_cents))) {
    return record.problem ? { outcome: "problem", problem: record.problem } : { outcome: "retry", reason: "paid; being completed" }
  }
  if (payments.length) return undefined
  return record.status === "OPEN" ? { outcome: "pending" } : { outcome: "closed", status: record.status }
}
