import type { RateLimiter } from "tikkie-client/core/rate-limiter"
import {
  countRateWindowCall,
  holdRateWindow,
  RATE_WINDOW_HELD,
  type RunSql,
} from "../../modules/tikkie/rate-window-sql"
import { type StoreRedis, withinRedisTimeout } from "../../utils/store-redis"

export { RATE_WINDOW_HELD }

/**
 * Where the windows are counted: the tikkie module's service (app-side callers), or the database
 * connection itself (`rateWindowsOverConnection`) for a payment provider, whose container has no
 * plugin module but does have the shared connection.
 */
export interface RateWindowCounter {
  countRateWindowCall(key: string): Promise<{ count: number; window: number }>
  holdRateWindow(key: string, window: number): Promise<void>
}

/** What a provider's container offers as `__pg_connection__` (a knex instance), as far as used here. */
export interface SqlConnection {
  raw(sql: string, bindings: readonly unknown[]): PromiseLike<{ rows: Array<Record<string, unknown>> }>
}

/** The same SQL as the tikkie module's service (rate-window-sql.ts), over the shared connection. */
export function rateWindowsOverConnection(connection: SqlConnection): RateWindowCounter {
  const run: RunSql = async (sql, bindings) => (await connection.raw(sql, bindings)).rows
  return {
    // The read waits for its slot only: the tidy-up of old windows runs beside the call to Tikkie.
    countRateWindowCall: (key) => countRateWindowCall(run, key, { tidyInBackground: true }),
    holdRateWindow: (key, window) => holdRateWindow(run, key, window),
  }
}

/**
 * The same windows in Redis (utils/store-redis.ts), one round trip a call instead of a database upsert:
 * for a store on Medusa's Redis event bus, which every store of several instances is. A key per
 * `key` and second, counted with INCR and gone after a minute; a held second is set to RATE_WINDOW_HELD.
 * When Redis does not answer within STORE_REDIS_TIMEOUT_MS the call counts in `fallback` (the database):
 * a slot is still taken somewhere every instance sees, and Tikkie's own 429s and the provider's
 * in-process window stay the last lines while the two counts are apart.
 */
export function rateWindowsOverRedis(redis: StoreRedis, fallback: RateWindowCounter): RateWindowCounter {
  return {
    countRateWindowCall: async (key) => {
      const window = Math.floor(Date.now() / 1000)
      try {
        const count = await withinRedisTimeout(
          redis.eval(COUNT_SCRIPT, 2, rateWindowKey(key, window), ratePeakKey(key, window), RATE_WINDOW_HELD)
        )
        return { count: Number(count), window }
      } catch {
        return fallback.countRateWindowCall(key)
      }
    },
    holdRateWindow: async (key, window) => {
      try {
        await withinRedisTimeout(redis.eval(HOLD_SCRIPT, 1, rateWindowKey(key, window), RATE_WINDOW_HELD))
      } catch {
        await fallback.holdRateWindow(key, window)
      }
    },
  }
}

const rateWindowKey = (key: string, window: number) => `tikkie:rate-window:${key}:${window}`
/** The busiest second of each minute, kept a little over an hour for the health card. */
const ratePeakKey = (key: string, window: number) => `tikkie:rate-peak:${key}:${Math.floor(window / 60)}`

// The window's count, and the minute's peak raised in the same round trip (a held second is no peak).
const COUNT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], 60000) end
if count < tonumber(ARGV[1]) and count > tonumber(redis.call('GET', KEYS[2]) or '0') then
  redis.call('SET', KEYS[2], count, 'PX', 3900000)
end
return count`

/** The busiest second counted in Redis in the hour before `now` (the minutes' peaks). */
export async function busiestRateSecondInRedis(redis: StoreRedis, key: string, now = Date.now()): Promise<number> {
  const minute = Math.floor(now / 60_000)
  const keys = Array.from({ length: 60 }, (_, i) => ratePeakKey(key, (minute - i) * 60))
  const peaks = (await withinRedisTimeout(
    redis.eval(`return redis.call('MGET', unpack(KEYS))`, keys.length, ...keys)
  )) as Array<string | null>
  return Math.max(0, ...peaks.map((p) => Number(p ?? 0)))
}

const HOLD_SCRIPT = `
if tonumber(redis.call('GET', KEYS[1]) or '0') < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', 60000)
end
return 1`

/** The wait for a slot would pass the caller's deadline (`waitAtMostMs`): nothing was called. */
export class RateLimitWaitExceeded extends Error {
  constructor(key: string, waitAtMostMs: number) {
    super(`the store-wide limit of ${key} calls is reached and waiting would take longer than ${waitAtMostMs} ms`)
    this.name = "RateLimitWaitExceeded"
  }
}

/**
 * A RateLimiter whose count lives in the database all store instances share, so "at most N calls a
 * second" holds for the whole store, not per process. Windows are wall-clock seconds (the way Tikkie
 * and the sandbox count), less their last SLOT_GUARD_MS. A caller over the limit waits for the next
 * second, with a little jitter so the waiting instances do not all come back in the same millisecond.
 *
 * `waitAtMostMs` bounds that wait for callers with someone waiting on them (the return route holds a
 * shopper): past it `acquire` throws RateLimitWaitExceeded instead of waiting on, and the caller answers
 * "retry". Workers and the poll leave it unset and wait as long as the limit requires.
 */
export class DatabaseRateLimiter implements RateLimiter {
  constructor(
    private readonly tikkie: RateWindowCounter,
    private readonly key: string,
    private readonly limitPerSecond: number,
    private readonly options: { waitAtMostMs?: number } = {}
  ) {}

  async acquire(): Promise<void> {
    const deadline = this.options.waitAtMostMs === undefined ? Infinity : Date.now() + this.options.waitAtMostMs
    for (;;) {
      // A slot is taken only while its call can still arrive at Tikkie within the same second.
      if (!nearSecondEnd(Date.now())) {
        const { count, window } = await this.tikkie.countRateWindowCall(this.key)
        if (count <= this.limitPerSecond && !nearSecondEnd(Date.now(), window)) return
      }
      const wait = Math.max(1, (Math.floor(Date.now() / 1000) + 1) * 1000 - Date.now()) + Math.floor(Math.random() * 20)
      if (Date.now() + wait > deadline) throw new RateLimitWaitExceeded(this.key, this.options.waitAtMostMs!)
      await new Promise((r) => setTimeout(r, wait))
    }
  }

  /** Tikkie answered 429: the current second counts as full for every instance of the store. */
  async holdRestOfSecond(): Promise<void> {
    await this.tikkie.holdRateWindow(this.key, Math.floor(Date.now() / 1000))
  }

  /** The same limit and count with another deadline on the wait (the return route's, per settlement). */
  withWaitAtMost(waitAtMostMs: number | undefined): DatabaseRateLimiter {
    return new DatabaseRateLimiter(this.tikkie, this.key, this.limitPerSecond, { ...this.options, waitAtMostMs })
  }
}

/**
 * The last part of a second in which no slot is given out. The limiter counts the second a call takes
 * its slot; Tikkie (and the sandbox) count the second it arrives. Without this, calls that took the last
 * slots of one second arrive in the next, on top of that second's own: up to twice the limit in one
 * second at the receiver. With it, a call arrives in its slot's second unless it takes longer than this
 * from slot to arrival (one keep-alive request to Tikkie: a few ms). Costs a call that comes in this
 * part of a second a wait until the next one; the limit a second is reached all the same.
 */
export const SLOT_GUARD_MS = 150

/** Within the guard at the end of the second `now` falls in (or, given `window`, past that second's guard). */
function nearSecondEnd(now: number, window = Math.floor(now / 1000)): boolean {
  return now >= (window + 1) * 1000 - SLOT_GUARD_MS
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
