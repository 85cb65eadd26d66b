import { checkedMomentsAgo } from "../../utils/record-freshness"
import type { PaymentRequestRecord } from "./record-payment-request"
import { recordPayments } from "./record-payment-request"
import { completionGivenUp } from "../../utils/completion-budget"
import type { PaymentRequestOutcome } from "./settle-outcome"

/** The return's answer from the record alone (settled, given up, paid moments ago), never "not paid yet". */
export function paymentRequestOutcomeFromRecord(
  record: PaymentRequestRecord,
  now = Date.now(),
  { readMomentsAgo = false }: { readMomentsAgo?: boolean } = {}
): PaymentRequestOutcome | undefined {
  if (record.medusa_payment_id && record.order_id) return { outcome: "already-completed", orderId: record.order_id }
  if (completionGivenUp(record, new Date(now))) return { outcome: "problem", problem: record.problem! }
  if (!readMomentsAgo && !checkedMomentsAgo(record.last_checked_at, now)) return undefined
  if (!recordPayments(record).some((p) => p.amountInCents === Number(record.amount_in_cents))) return undefined
  return record.problem
    ? { outcome: "problem", problem: record.problem }
    : { outcome: "retry", reason: "paid; being completed" }
}
