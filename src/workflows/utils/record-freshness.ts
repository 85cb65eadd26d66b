/**
 * How long a read of Tikkie that found the order paid, written to the plugin's record as
 * `last_checked_at`, answers a return route without reading again: a shopper who returns (or reloads)
 * while the webhook's settlement is completing the cart gets PROCESSING at once instead of another
 * Tikkie read and a wait on the same order's lock. Only "paid" is answered this way (paid is final);
 * an unpaid record is always read again, since the shopper may have paid a moment after the check.
 */
export const RECORD_FRESH_MS = 2_000

export function checkedMomentsAgo(lastCheckedAt: Date | string | null | undefined, now = Date.now()): boolean {
  if (!lastCheckedAt) return false
  const at = new Date(lastCheckedAt).getTime()
  return Number.isFinite(at) && now - at >= 0 && now - at < RECORD_FRESH_MS
}
