/**
 * How long a read of Tikkie, written to the plugin's record as `last_checked_at`, answers a return route
 * without reading again: a shopper who reloads the return page, or returns while the webhook's
 * settlement is running, gets the record's answer at once instead of another Tikkie read (and a wait
 * on the same order's lock). Two seconds: short enough that a shopper who pays right after a check
 * is read again on return rather than told "not paid".
 */
export const RECORD_FRESH_MS = 2_000

export function checkedMomentsAgo(lastCheckedAt: Date | string | null | undefined, now = Date.now()): boolean {
  if (!lastCheckedAt) return false
  const at = new Date(lastCheckedAt).getTime()
  return Number.isFinite(at) && now - at >= 0 && now - at < RECORD_FRESH_MS
}
