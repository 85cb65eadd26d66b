/**
 * The GET order limit of one merchant ("at most 250 per second"): a sliding window over the last
 * second, exact like the client's limiter, so a client that keeps to 250 per second is never refused.
 * A ring of the last `limit` accepted call times makes each check O(1) with no allocation; the ring is
 * rebuilt when the limit changes at run time (`/_sandbox/settings`).
 *
 * Choice: the window is shortened by `JITTER_GRACE_MS`. A client limiter measures when it *sends*; the
 * sandbox sees when calls *arrive*, and the first calls of a burst arrive later than the rest (new
 * connections). Without the grace a client that keeps exactly to the limit by its own clock would be
 * refused now and then; with it, a burst beyond the limit is still refused at once.
 */
export const JITTER_GRACE_MS = 100

/**
 * The ring costs 8 bytes per allowed call, and `/_sandbox/settings` accepts any whole number. A limit
 * above this many calls per second is beyond what the sandbox can serve anyway, so it counts as off
 * instead of allocating gigabytes.
 */
export const MAX_TRACKED_LIMIT = 100_000

export class MerchantRateWindow {
  private ring = new Float64Array(0)
  private head = 0
  private count = 0

  /** Records the call and answers true when it is within `limit` calls per `windowMs`. */
  tryAcquire(now: number, limit: number, windowMs = 1_000 - JITTER_GRACE_MS): boolean {
    if (limit <= 0 || limit > MAX_TRACKED_LIMIT) return true
    if (this.ring.length !== limit) {
      this.ring = new Float64Array(limit)
      this.head = 0
      this.count = 0
    }
    if (this.count < limit) {
      this.ring[(this.head + this.count) % limit] = now
      this.count++
      return true
    }
    // Full: the oldest accepted call must have left the window before another may start.
    if (now - this.ring[this.head] < windowMs) return false
    this.ring[this.head] = now
    this.head = (this.head + 1) % limit
    return true
  }
}
