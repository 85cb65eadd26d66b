import { checkedMomentsAgo } from "../../lib/record-freshness"
import { MAX_COMPLETION_ATTEMPTS, type SettleOutcome } from "./settle-fast-checkout-order"

export interface FastCheckoutRecordState {
  status: string
  medusa_order_id?: string | null
  problem?: string | null
  attempts?: number | null
  last_checked_at?: Date | string | null
}

/**
 * What the return route can answer from the record alone, without a Tikkie read or the order's lock:
 * - settled (a Medusa order, closed, or a problem the poll gave up on): that, always;
 * - checked moments ago (record-freshness.ts): PAID with a problem is that problem, PAID without an
 *   order is being completed right now (PROCESSING), NEW is not paid yet.
 * Undefined when only a settlement can tell.
 */
export function fastCheckoutOutcomeFromRecord(record: FastCheckoutRecordState, now = Date.now()): SettleOutcome | undefined {
  if (record.medusa_order_id) return { outcome: "already-completed", orderId: record.medusa_order_id }
  if (record.status === "CANCELLED" || record.status === "EXPIRED" || record.status === "ERROR") {
    return { outcome: "closed", status: record.status }
  }
  if (record.problem && (record.attempts ?? 0) >= MAX_COMPLETION_ATTEMPTS) return { outcome: "problem", problem: record.problem }
  if (!checkedMomentsAgo(record.last_checked_at, now)) return undefined
  if (record.status === "PAID") {
    return record.problem ? { outcome: "problem", problem: record.problem } : { outcome: "retry", reason: "paid; being completed" }
  }
  return { outcome: "pending" }
}
