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
 * What the return route answers from the record alone, without a read or the lock: a settled outcome,
 * or a PAID read moments ago (its problem, or PROCESSING). Never "not paid yet": a returning shopper
 * has most likely just paid. Undefined when only a settlement can tell.
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
