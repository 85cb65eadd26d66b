/**
 * How long a paid Fast Checkout order or payment link whose completion failed (a recorded `problem`) is
 * retried: the poll (and the webhooks, the return route) keep trying until COMPLETION_RETRY_BUDGET_MS after
 * the first failure (`retry_until`), and at least MAX_COMPLETION_ATTEMPTS times. Time, not a count alone: a
 * webhook, a shopper's return and a poll run may fail five times within a minute on one passing cause (a
 * busy database, a deploy), and that must not end the retries. The record stays with its problem
 * either way; money is never dropped.
 *
 * `retry_until` null with a problem and attempts at the limit: decided final at once (the poll's "paid too
 * long without an order", a session that no longer exists), and rows recorded before the column existed.
 */
export const MAX_COMPLETION_ATTEMPTS = 5
export const COMPLETION_RETRY_BUDGET_MS = 15 * 60_000

export interface CompletionBudgetFields {
  problem?: string | null
  attempts?: number | null
  retry_until?: Date | string | null
}

/** The poll and every other settlement path stop completing this record: it needs a person now. */
export function completionGivenUp(record: CompletionBudgetFields, now: Date = new Date()): boolean {
  if (!record.problem || (record.attempts ?? 0) < MAX_COMPLETION_ATTEMPTS) return false
  return !record.retry_until || new Date(record.retry_until).getTime() <= now.getTime()
}

/** `retry_until` to write with a failed completion: set by the first failure of a problem, then kept. */
export function retryUntilAfterProblem(
  record: Pick<CompletionBudgetFields, "problem" | "retry_until">,
  now: Date = new Date()
): Date {
  if (record.problem && record.retry_until) return new Date(record.retry_until)
  return new Date(now.getTime() + COMPLETION_RETRY_BUDGET_MS)
}
