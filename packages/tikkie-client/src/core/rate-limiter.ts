/**
 * Client-side limit on calls (Fast Checkout allows at most 250 GET order calls per second).
 *
 * `RateLimiter` is an interface so that a Medusa store can plug in a limiter shared by all of its
 * instances; `SlidingWindowRateLimiter` is the in-process one, exact for a single process: it never
 * lets more than `limit` calls start within any window of `windowMs`.
 */
export interface RateLimiter {
  /**
   * Resolves when one more call may start. The transport calls it before every attempt, retries
   * included: the service counts a retry like any other call.
   */
  acquire(): Promise<void>
  /**
   * The service answered 429: its count for the current second is full, whatever this limiter counted
   * (other clients of the same merchant, clocks a little apart). No further slot is given out until
   * the next wall-clock second, the unit the service counts in.
   */
  holdRestOfSecond?(): Promise<void>
}

/** Milliseconds to the start of the next wall-clock second. */
function msToNextSecond(nowMs: number = Date.now()): number {
  return 1_000 - (nowMs % 1_000)
}

export class SlidingWindowRateLimiter implements RateLimiter {
  private readonly starts: number[] = []
  private head = 0
  private chain: Promise<void> = Promise.resolve()
  /** In this limiter's clock: no slot before this (set by holdRestOfSecond). */
  private heldUntil = -Infinity

  constructor(
    readonly limit: number,
    readonly windowMs: number = 1_000,
    private readonly now: () => number = () => performance.now()
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError("limit must be a positive integer")
  }

  acquire(): Promise<void> {
    // Serialised so that concurrent callers see each other's reservations.
    const next = this.chain.then(() => this.reserve())
    this.chain = next.catch(() => undefined)
    return next
  }

  async holdRestOfSecond(): Promise<void> {
    // The wall clock says where the second ends; this limiter's own clock (monotonic) keeps the time.
    this.heldUntil = Math.max(this.heldUntil, this.now() + msToNextSecond())
  }

  private async reserve(): Promise<void> {
    for (;;) {
      const t = this.now()
      if (t < this.heldUntil) {
        await new Promise((r) => setTimeout(r, Math.max(1, Math.ceil(this.heldUntil - t))))
        continue
      }
      while (this.head < this.starts.length && this.starts[this.head] <= t - this.windowMs) this.head++
      if (this.head > 1024) {
        this.starts.splice(0, this.head)
        this.head = 0
      }
      if (this.starts.length - this.head < this.limit) {
        this.starts.push(t)
        return
      }
      const oldest = this.starts[this.head]
      await new Promise((r) => setTimeout(r, Math.max(1, Math.ceil(oldest + this.windowMs - t))))
    }
  }
}

/** For callers that must not be limited (the sandbox's own benchmarks). */
export const UNLIMITED: RateLimiter = { acquire: () => Promise.resolve() }
