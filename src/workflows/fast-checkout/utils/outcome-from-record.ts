import { checkedMomentsAgo } from "../../utils/record-freshness"
import { completionGivenUp } from "../../utils/completion-budget"
import type { SettleOutcome } from "./settle-outcome"

export interface FastCheckoutRecordState {
  status: string
  medusa_order_id?: string | null
  problem?: string | null
  attempts?: number | null
  retry_until?: Date | string | null
  last_checked_at?: Date | string | null
}

/**
 * What the return route can answer from the record alone, without a Tikkie read or the order's lock:
 * - settled (a Medusa order, closed, or a problem the poll gave up on): that, always;
 * - read PAID moments ago (record-freshness.ts): with a problem, that problem; without an order, it is
 *   being completed right now (PROCESSING), and waiting on that settlement's lock would hold the shopper.
 * `readMomentsAgo`: the order's read interval is not over (webhook-read-claim.ts), so the record is as
 * fresh as the store may know it whatever `last_checked_at` says.
 * Undefined when only a settlement can tell. Never "not paid yet" from the record: a shopper coming back
 * from the checkout page has most likely just paid, after whatever check the record remembers.
 */
export function fastCheckoutOutcomeFromRecord(
  record: FastCheckoutRecordState,
  now = Date.now(),
  { readMomentsAgo = false }: { readMomentsAgo?: boolean } = {}
): SettleOutcome | undefined {
  if (record.medusa_order_id) return { outcome: "already-completed", orderId: record.medusa_order_id }
  if (record.status === "CANCELLED" || record.status === "EXPIRED" || record.status === "ERROR") {
    return { outcome: "closed", status: record.status }
  }
  if (completionGivenUp(record, new Date(now))) return { outcome: "problem", problem: record.problem! }
  if (record.status !== "PAID" || !(readMomentsAgo || checkedMomentsAgo(record.last_checked_at, now))) return undefined
  return record.problem
    ? { outcome: "problem", problem: record.problem }
    : { outcome: "retry", reason: "paid; being completed" }
}
