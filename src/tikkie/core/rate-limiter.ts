/**
 * Client-side limit on calls (Fast Checkout allows at most 250 GET order calls per second).
 *
 * `RateLimiter` is an interface so that a Medusa store can plug in a limiter shared by all of its
 * instances; `SlidingWindowRateLimiter` is the in-process one, exact for a single process: it never
 * lets more than `limit` calls start within any window of `windowMs`.
 */
export interface RateLimiter {
  /** Resolves when one more call may start. */
  acquire(): Promise<void>
}

export class SlidingWindowRateLimiter implements RateLimiter {
  private readonly starts: number[] = []
  private head = 0
  private chain: Promise<void> = Promise.resolve()

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

  private async reserve(): Promise<void> {
    for (;;) {
      const t = this.now()
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
