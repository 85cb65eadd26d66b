/**
 * How long a recorded PAID read answers a return route without reading again (a reload during the
 * webhook's settlement gets PROCESSING at once). Only paid, which is final: unpaid is always read again.
 */
export const RECORD_FRESH_MS = 2_000

export function checkedMomentsAgo(lastCheckedAt: Date | string | null | undefined, now = Date.now()): boolean {
  if (!lastCheckedAt) return false
  const at = new Date(lastCheckedAt).getTime()
  return Number.isFinite(at) && now - at >= 0 && now - at < RECORD_FRESH_MS
}
