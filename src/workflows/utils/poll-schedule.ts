/**
 * When the poll reads an unpaid Fast Checkout order or payment request again. Tikkie's GET calls are
 * what bound how fast a store confirms orders (250 a second per merchant), and most open checkouts are
 * never paid: a shopper who has not paid after an hour is unlikely to pay in the next minute. So the
 * wait grows with the record's age (a third of it, between one minute and half an hour): a checkout
 * made two minutes ago is read every minute, an abandoned one a few times an hour. A record that
 * expires is read once just after its expiry, so its session is closed soon. Records the poll has
 * reason to read now (paid without an order, a shopper back on the return route, a failed read) are
 * not scheduled here: they stay due.
 */
export const POLL_MIN_INTERVAL_MS = 60_000
export const POLL_MAX_INTERVAL_MS = 30 * 60_000
/** After its expiry, the moment at which the service reports it EXPIRED for sure. */
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

/** How long after its expiration a Fast Checkout order that Tikkie still calls NEW is asked about again. */
export const STALE_AFTER_MS = 24 * 3_600_000
/**
 * How long after its expiration an order that no read has seen since (every read failed: an outage,
 * rotated credentials) is still asked about: it may have been paid, and a lost webhook would leave the
 * money unseen. Failed reads of an expired order back off (settle-fast-checkout-order.ts), so a month
 * costs about 48 reads a day for such an order.
 */
export const UNREAD_AFTER_EXPIRY_MS = 30 * 24 * 3_600_000

/** Records a poll run reads at most (TIKKIE_POLL_BATCH), most likely changed first. */
export function pollBatchSize(): number {
  const n = Number(process.env.TIKKIE_POLL_BATCH)
  return Number.isInteger(n) && n > 0 ? n : 500
}
