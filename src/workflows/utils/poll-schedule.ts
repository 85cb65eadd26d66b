import { envSetting } from "../../utils/env-settings"

// An unpaid record is read again after a third of its age (1 to 30 min: most are never paid, and Tikkie's
// GETs are limited) and once just after its expiry; records with a reason to be read now stay due.
export const POLL_MIN_INTERVAL_MS = 60_000
export const POLL_MAX_INTERVAL_MS = 30 * 60_000
const AFTER_EXPIRY_MS = 5_000

export function nextCheckAt(
  record: { created_at: Date | string; expires_at?: Date | string | null },
  now = Date.now()
): Date {
  const age = Math.max(0, now - new Date(record.created_at).getTime())
  let next = now + Math.min(POLL_MAX_INTERVAL_MS, Math.max(POLL_MIN_INTERVAL_MS, age / 3))
  if (record.expires_at) {
    const closed = new Date(record.expires_at).getTime() + AFTER_EXPIRY_MS
    if (closed > now && closed < next) next = closed
  }
  return new Date(next)
}

// A NEW order is read a day past its expiry; one unread since (outage, rotated keys) a month: it may be paid.
export const STALE_AFTER_MS = 24 * 3_600_000
export const UNREAD_AFTER_EXPIRY_MS = 30 * 24 * 3_600_000

export function pollBatchSize(): number {
  return envSetting("TIKKIE_POLL_BATCH")
}
