import {
  DatabaseRateLimiter,
  FAST_CHECKOUT_GET_ORDER_CALLS_PER_SECOND,
  FAST_CHECKOUT_GET_ORDER_KEY,
  rateWindowsOverConnection,
  rateWindowsOverRedis,
  type SqlConnection,
} from "./database-rate-limiter"
import { type RateLimiter, SlidingWindowRateLimiter } from "tikkie-client/core/rate-limiter"
import { GET_ORDER_CALLS_PER_SECOND } from "tikkie-client/fast-checkout/client"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { storeRedisOf } from "../../utils/store-redis"

/**
 * The store's GET order budget (at most 250 a second per merchant), taken before every attempt: the
 * store-wide count, then this process's own window of 250 as a last line.
 */
export class FastCheckoutGetOrderLimiter implements RateLimiter {
  constructor(
    private readonly storeWide: DatabaseRateLimiter | undefined,
    private readonly local: SlidingWindowRateLimiter = new SlidingWindowRateLimiter(GET_ORDER_CALLS_PER_SECOND, 1_000)
  ) {}

  get isStoreWide(): boolean {
    return this.storeWide !== undefined
  }

  async acquire(): Promise<void> {
    // The store-wide slot first: it may wait for the next second, and the local one never binds below it.
    await this.storeWide?.acquire()
    await this.local.acquire()
  }

  async holdRestOfSecond(): Promise<void> {
    await Promise.all([this.local.holdRestOfSecond(), this.storeWide?.holdRestOfSecond()])
  }

  withWaitAtMost(waitAtMostMs: number | undefined): FastCheckoutGetOrderLimiter {
    return waitAtMostMs === undefined
      ? this
      : new FastCheckoutGetOrderLimiter(this.storeWide?.withWaitAtMost(waitAtMostMs), this.local)
  }
}

export function fastCheckoutGetOrderLimiter(container: Record<string, unknown>): FastCheckoutGetOrderLimiter {
  const connection = databaseOf(container)
  if (!connection) return new FastCheckoutGetOrderLimiter(undefined)
  // Looked up per call, not here: the event bus may be built after the module.
  const overDatabase = rateWindowsOverConnection(connection)
  const counter = () => {
    const redis = storeRedisOf(container)
    return redis ? rateWindowsOverRedis(redis, overDatabase) : overDatabase
  }
  return new FastCheckoutGetOrderLimiter(
    new DatabaseRateLimiter(
      {
        countRateWindowCall: (key) => counter().countRateWindowCall(key),
        holdRateWindow: (key, window) => counter().holdRateWindow(key, window),
        releaseRateWindowCall: (key, window) => counter().releaseRateWindowCall(key, window),
      },
      FAST_CHECKOUT_GET_ORDER_KEY,
      FAST_CHECKOUT_GET_ORDER_CALLS_PER_SECOND
    )
  )
}

function databaseOf(container: Record<string, unknown>): SqlConnection | undefined {
  let value: unknown
  try {
    value = container?.[ContainerRegistrationKeys.PG_CONNECTION]
  } catch {
    return undefined
  }
  return typeof (value as SqlConnection | undefined)?.raw === "function" ? (value as SqlConnection) : undefined
}
