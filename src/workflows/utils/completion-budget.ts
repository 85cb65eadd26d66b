/**
 * A failed completion is retried until COMPLETION_RETRY_BUDGET_MS after its first failure and at least
 * MAX_COMPLETION_ATTEMPTS times: time, not a count alone, so one passing cause (a deploy) cannot end the
 * retries. `retry_until` null with attempts at the limit: final. The money stays recorded either way.
 */
export const MAX_COMPLETION_ATTEMPTS = 5
export const COMPLETION_RETRY_BUDGET_MS = 15 * 60_000

export interface CompletionBudgetFields {
  problem?: string | null
  attempts?: number | null
  retry_until?: Date | string | null
}

/** It needs a person now. */
export function completionGivenUp(record: CompletionBudgetFields, now: Date = new Date()): boolean {
  if (!record.problem || (record.attempts ?? 0) < MAX_COMPLETION_ATTEMPTS) return false
  return !record.retry_until || new Date(record.retry_until).getTime() <= now.getTime()
}

/** Set by the first failure of a problem, then kept. */
export function retryUntilAfterProblem(
  record: Pick<CompletionBudgetFields, "problem" | "retry_until">,
  now: Date = new Date()
): Date {
  if (record.problem && record.retry_until) return new Date(record.retry_until)
  return new Date(now.getTime() + COMPLETION_RETRY_BUDGET_MS)
}
