import {
  DatabaseRateLimiter,
  FAST_CHECKOUT_GET_ORDER_CALLS_PER_SECOND,
  FAST_CHECKOUT_GET_ORDER_KEY,
  rateWindowsOverConnection,
  rateWindowsOverRedis,
  type SqlConnection,
} from "../shared/database-rate-limiter"
import { type RateLimiter, SlidingWindowRateLimiter } from "tikkie-client/core/rate-limiter"
import { GET_ORDER_CALLS_PER_SECOND } from "tikkie-client/fast-checkout/client"
import { databaseOf } from "../shared/database-of"
import { storeRedisOf } from "../../utils/store-redis"

/**
 * The provider's GET order limit (Fast Checkout specification, "Rate limits": at most 250 a second per
 * merchant), taken before every attempt, retries included. Every read of the provider counts, also the
 * ones Medusa asks for outside a settlement (authorizePayment through `POST /store/carts/:id/complete`,
 * capturePayment, getPaymentStatus): a storefront could otherwise spend the merchant's second for
 * the store's settlements from every instance at once.
 *
 * Two limits, both taken: the store-wide count (the one the settlements used to take themselves,
 * providers/shared/database-rate-limiter.ts), and this process's own window of 250 as a last line. The
 * store-wide count lives in Redis when the store runs on Medusa's Redis event bus (one round trip a
 * call), otherwise in the database. The provider lives in the payment module's container, which has no
 * plugin module but the shared database connection (`__pg_connection__`) and the event bus; the same SQL
 * runs over the connection. A provider constructed without
 * one (a unit test, a script) has the in-process limit only.
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

/** The limiter of a provider constructed in `container` (the payment module's cradle). */
export function fastCheckoutGetOrderLimiter(container: Record<string, unknown>): FastCheckoutGetOrderLimiter {
  const connection: SqlConnection | undefined = databaseOf(container)
  if (!connection) return new FastCheckoutGetOrderLimiter(undefined)
  // Counted in Redis when the store runs on Medusa's Redis event bus (several instances), else in the database.
  // Looked up per call, not here: the provider may be built before the event bus is.
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
