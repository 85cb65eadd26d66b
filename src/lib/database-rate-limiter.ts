import type { RateLimiter } from "../tikkie/core/rate-limiter"
import type TikkieModuleService from "../modules/tikkie/service"

/**
 * A RateLimiter whose count lives in the database all store instances share, so "at most N calls a
 * second" holds for the whole store, not per process. Windows are wall-clock seconds (the way Tikkie
 * and the sandbox count). A caller over the limit waits for the next second, with a little jitter so
 * the waiting instances do not all come back in the same millisecond.
 */
export class DatabaseRateLimiter implements RateLimiter {
  constructor(
    private readonly tikkie: TikkieModuleService,
    private readonly key: string,
    private readonly limitPerSecond: number
  ) {}

  async acquire(): Promise<void> {
    for (;;) {
      const { count, window } = await this.tikkie.countRateWindowCall(this.key)
      if (count <= this.limitPerSecond) return
      const untilNextSecond = (window + 1) * 1000 - Date.now()
      await new Promise((r) => setTimeout(r, Math.max(1, untilNextSecond) + Math.floor(Math.random() * 20)))
    }
  }
}

/**
 * Below Tikkie's 250 a second: clocks of store instances and of the service are not perfectly aligned,
 * and the provider's own in-process limiter keeps its 250 as a last line. TIKKIE_GET_ORDER_RATE_LIMIT
 * lowers it (the cluster tests drive a low limit from every instance at once); never above 200.
 */
export const FAST_CHECKOUT_GET_ORDER_CALLS_PER_SECOND = lowerLimit(process.env.TIKKIE_GET_ORDER_RATE_LIMIT, 200)

function lowerLimit(value: string | undefined, max: number): number {
  const n = Math.floor(Number(value))
  return Number.isFinite(n) && n >= 1 ? Math.min(n, max) : max
}
export const FAST_CHECKOUT_GET_ORDER_KEY = "fastCheckout.getOrder"
