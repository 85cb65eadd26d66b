import type { RateLimiter } from "tikkie-client/core/rate-limiter"
import {
  countRateWindowCall,
  holdRateWindow,
  RATE_WINDOW_HELD,
  releaseRateWindowCall,
  type RunSql,
} from "./rate-window-sql"
import { type StoreRedis, withinRedisTimeout } from "../../utils/store-redis"
import { envSetting } from "../../utils/env-settings"

export { RATE_WINDOW_HELD }

export interface RateWindowCounter {
  countRateWindowCall(key: string): Promise<{ count: number; window: number }>
  holdRateWindow(key: string, window: number): Promise<void>
  releaseRateWindowCall(key: string, window: number): Promise<void>
}

export interface SqlConnection {
  raw(sql: string, bindings: readonly unknown[]): PromiseLike<{ rows: Array<Record<string, unknown>> }>
}

export function rateWindowsOverConnection(connection: SqlConnection): RateWindowCounter {
  const run: RunSql = async (sql, bindings) => (await connection.raw(sql, bindings)).rows
  return {
    countRateWindowCall: (key) => countRateWindowCall(run, key, { tidyInBackground: true }),
    holdRateWindow: (key, window) => holdRateWindow(run, key, window),
    releaseRateWindowCall: (key, window) => releaseRateWindowCall(run, key, window),
  }
}

/** The windows in Redis; a Redis that does not answer in time falls back to the database. */
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
    // Best effort: a count left behind only makes that second look busier than it was.
    releaseRateWindowCall: async (key, window) => {
      await withinRedisTimeout(redis.eval(RELEASE_SCRIPT, 1, rateWindowKey(key, window), RATE_WINDOW_HELD)).catch(
        () => undefined
      )
    },
  }
}

const rateWindowKey = (key: string, window: number) => `tikkie:rate-window:${key}:${window}`
const ratePeakKey = (key: string, window: number) => `tikkie:rate-peak:${key}:${Math.floor(window / 60)}`

// Also raises the minute's peak (kept an hour for the health card); a held second is no peak.
const COUNT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], 60000) end
if count < tonumber(ARGV[1]) and count > tonumber(redis.call('GET', KEYS[2]) or '0') then
  redis.call('SET', KEYS[2], count, 'PX', 3900000)
end
return count`

export async function busiestRateSecondInRedis(redis: StoreRedis, key: string, now = Date.now()): Promise<number> {
  const minute = Math.floor(now / 60_000)
  const keys = Array.from({ length: 60 }, (_, i) => ratePeakKey(key, (minute - i) * 60))
  const peaks = (await withinRedisTimeout(
    redis.eval(`return redis.call('MGET', unpack(KEYS))`, keys.length, ...keys)
  )) as Array<string | null>
  return Math.max(0, ...peaks.map((p) => Number(p ?? 0)))
}

const RELEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 and count < tonumber(ARGV[1]) then return redis.call('DECR', KEYS[1]) end
return count`

const HOLD_SCRIPT = `
if tonumber(redis.call('GET', KEYS[1]) or '0') < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', 60000)
end
return 1`

export class RateLimitWaitExceeded extends Error {
  constructor(key: string, waitAtMostMs: number) {
    super(`the store-wide limit of ${key} calls is reached and waiting would take longer than ${waitAtMostMs} ms`)
    this.name = "RateLimitWaitExceeded"
  }
}

/**
 * "At most N calls a second" for the whole store, in wall-clock windows as Tikkie counts. `waitAtMostMs`
 * bounds the wait where a shopper waits: past it, RateLimitWaitExceeded ("retry").
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
      if (!nearSecondEnd(Date.now())) {
        const { count, window } = await this.tikkie.countRateWindowCall(this.key)
        if (count <= this.limitPerSecond && !nearSecondEnd(Date.now(), window)) return
        // Counted too late in its second to be used: given back, so a window counts only calls made in it.
        if (count <= this.limitPerSecond)
          await this.tikkie.releaseRateWindowCall(this.key, window).catch(() => undefined)
      }
      const wait = Math.max(1, (Math.floor(Date.now() / 1000) + 1) * 1000 - Date.now()) + Math.floor(Math.random() * 20)
      if (Date.now() + wait > deadline) throw new RateLimitWaitExceeded(this.key, this.options.waitAtMostMs!)
      await new Promise((r) => setTimeout(r, wait))
    }
  }

  /** Tikkie answered 429: the second counts as full for every instance. */
  async holdRestOfSecond(): Promise<void> {
    await this.tikkie.holdRateWindow(this.key, Math.floor(Date.now() / 1000))
  }

  withWaitAtMost(waitAtMostMs: number | undefined): DatabaseRateLimiter {
    return new DatabaseRateLimiter(this.tikkie, this.key, this.limitPerSecond, { ...this.options, waitAtMostMs })
  }
}

/** Tikkie counts the second a call arrives: a late slot could land in the next (docs/development/architecture.md). */
export const SLOT_GUARD_MS = 150

function nearSecondEnd(now: number, window = Math.floor(now / 1000)): boolean {
  return now >= (window + 1) * 1000 - SLOT_GUARD_MS
}

export const FAST_CHECKOUT_GET_ORDER_CALLS_PER_SECOND = envSetting("TIKKIE_GET_ORDER_RATE_LIMIT")
export const FAST_CHECKOUT_GET_ORDER_KEY = "fastCheckout.getOrder"
