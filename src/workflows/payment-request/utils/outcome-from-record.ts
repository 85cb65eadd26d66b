import { checkedMomentsAgo } from "../../utils/record-freshness"
import type { PaymentRequestRecord } from "./record-payment-request"
import { recordPayments } from "./record-payment-request"
import { completionGivenUp } from "../../utils/completion-budget"
import type { PaymentRequestOutcome } from "./settle-outcome"

/**
 * What the return route can answer from the record alone, without Tikkie reads or the request's lock:
 * - completed (a captured Medusa payment and its order), or a problem the poll gave up on: that, always;
 * - read paid in full moments ago (record-freshness.ts): it is being completed right now (PROCESSING),
 *   or it is its problem; waiting on that settlement's lock would hold the shopper.
 * Undefined when only a settlement can tell (including payments that do not match the amount asked,
 * which the settlement records as a problem). Never "not paid yet" from the record: a shopper coming
 * back from the payment page has most likely just paid, after whatever check the record remembers.
 */
export function paymentRequestOutcomeFromRecord(
  record: PaymentRequestRecord,
  now = Date.now()
): PaymentRequestOutcome | undefined {
  if (record.medusa_payment_id && record.order_id) return { outcome: "already-completed", orderId: record.order_id }
  if (completionGivenUp(record, new Date(now))) return { outcome: "problem", problem: record.problem! }
  if (!checkedMomentsAgo(record.last_checked_at, now)) return undefined
  if (!recordPayments(record).some((p) => p.amountInCents === Number(record.amount_in_cents))) return undefined
  return record.problem
    ? { outcome: "problem", problem: record.problem }
    : { outcome: "retry", reason: "paid; being completed" }
}
