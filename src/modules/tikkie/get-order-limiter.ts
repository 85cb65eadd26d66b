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
 * The store's GET order budget (Fast Checkout specification, "Rate limits": at most 250 a second per
 * merchant), taken before every attempt, retries included, by the provider and the settlements alike.
 * Two limits, both taken: the store-wide count (in Redis on Medusa's Redis event bus, else in the
 * database) and this process's own window of 250 as a last line. The tikkie module holds one.
 */
export class FastCheckoutGetOrderLimiter implements RateLimiter {
  constructor(
    private readonly storeWide: DatabaseRateLimiter | undefined,
    private readonly local: SlidingWindowRateLimiter = new SlidingWindowRateLimiter(GET_ORDER_CALLS_PER_SECOND, 1_000)
  ) {}

  /** Whether this limiter counts in the database every store instance shares. */
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

  /** The same counts, with a deadline on each wait for a store-wide slot (a shopper waits on the read). */
  withWaitAtMost(waitAtMostMs: number | undefined): FastCheckoutGetOrderLimiter {
    return waitAtMostMs === undefined
      ? this
      : new FastCheckoutGetOrderLimiter(this.storeWide?.withWaitAtMost(waitAtMostMs), this.local)
  }
}

/** The limiter over a module container's database connection and event bus; in-process only without one. */
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
      },
      FAST_CHECKOUT_GET_ORDER_KEY,
      FAST_CHECKOUT_GET_ORDER_CALLS_PER_SECOND
    )
  )
}

/** The app's knex connection as Medusa hands it to a module; none outside a Medusa app (a unit test). */
function databaseOf(container: Record<string, unknown>): SqlConnection | undefined {
  let value: unknown
  try {
    value = container?.[ContainerRegistrationKeys.PG_CONNECTION]
  } catch {
    return undefined
  }
  return typeof (value as SqlConnection | undefined)?.raw === "function" ? (value as SqlConnection) : undefined
}
