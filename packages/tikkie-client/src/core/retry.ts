/**
 * Backoff with full jitter (AWS architecture blog's "full jitter"): spreads retries of many store
 * instances so that they do not hit a recovering service in lockstep.
 */
export interface RetryPolicy {
  /** Further attempts after the first one. */
  retries: number
  baseDelayMs: number
  maxDelayMs: number
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { retries: 3, baseDelayMs: 100, maxDelayMs: 2_000 }

export function backoffDelayMs(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt)
  return Math.floor(random() * ceiling)
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
