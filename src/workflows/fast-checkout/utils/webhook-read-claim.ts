import type { MedusaContainer } from "@medusajs/framework/types"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { type StoreRedis, storeRedisOf, withinRedisTimeout } from "../../../utils/store-redis"

/**
 * The least time between two reads of one Fast Checkout order that webhooks start: 5 seconds.
 *
 * Why: a webhook body is not signed, and a shopper can learn real orderTokens (the Store API answers
 * them), so without this every forged webhook for a real open order costs a settlement: an event-bus
 * job, a GET order at Tikkie (out of the store's 250 a second) and a record write. With it, a flood over
 * any number of instances costs one read per order per interval (50 orders: 10 reads a second, a
 * twentieth of the store-wide limit).
 *
 * Why so short: Tikkie sends one webhook per change of an order's status, and an order changes once or
 * twice (NEW to PAID, or to CANCELLED/EXPIRED), never twice within seconds in practice. A real webhook
 * that comes within the interval after another one is not lost: the first skipped webhook schedules a
 * read at the interval's end (a delayed event), and the record becomes due for the poll then too. So a
 * real payment is at most this much later than without the brake, and only while someone floods it.
 */
export const FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS = 5_000

/**
 * What a webhook for an open order may start: `read` now (`claimedAt`: the claim's identity, for
 * releaseFastCheckoutWebhookRead), `defer` one read to `inMs` from now (the first webhook skipped in a
 * claim's interval), or `skip` (a read is claimed or scheduled already; the poll reads the order when
 * the interval ends in any case).
 */
export type WebhookReadClaim =
  | { action: "read"; claimedAt: string }
  | { action: "defer"; inMs: number }
  /** `claimedAt`: when the claim in force was taken (absent when the order has no record). */
  | { action: "skip"; claimedAt?: string }

/**
 * Claims a read of an open order, so the minimum interval holds across every server and worker
 * instance, whoever asks (a webhook, the return route, a deferred read). `deferred`: the caller schedules
 * nothing when skipped (the read a skipped webhook scheduled, or a shopper's return, whom the storefront
 * sends again); it reads only when nobody took the claim in the last interval.
 *
 * Where: in Redis when the store runs on Medusa's Redis event bus (every store of several instances;
 * one round trip, utils/store-redis.ts), otherwise (or when Redis does not answer at once) in the
 * order's record, one atomic UPDATE (TikkieModuleService.claimFastCheckoutWebhookRead). Both make a
 * skipped order due for the poll at the interval's end; on Redis that costs a database write only for
 * the first webhook skipped in an interval.
 */
export async function claimFastCheckoutWebhookRead(
  container: MedusaContainer,
  orderToken: string,
  opts: { deferred?: boolean; intervalMs?: number } = {}
): Promise<WebhookReadClaim> {
  const intervalMs = opts.intervalMs ?? FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const redis = storeRedisOf(container)
  let claim: { claimed: boolean; deferred: number; freeInMs: number; claimedAt: string } | undefined
  if (redis) {
    claim = await withinRedisTimeout(claimInRedis(redis, orderToken, intervalMs, !opts.deferred)).catch(() => undefined)
    if (claim && !claim.claimed && !opts.deferred && claim.deferred === 1) {
      // The first skipped webhook: due for the poll when the claim ends, should the delayed read be lost.
      await tikkie.markFastCheckoutOrderDue(orderToken, new Date(Date.now() + claim.freeInMs))
    }
  }
  // No record (deleted meanwhile): nothing to read; the settlement would find nothing either.
  claim ??= await tikkie.claimFastCheckoutWebhookRead(orderToken, { intervalMs, countDeferral: !opts.deferred })
  if (!claim) return { action: "skip" }
  if (claim.claimed) return { action: "read", claimedAt: claim.claimedAt }
  if (!opts.deferred && claim.deferred === 1) return { action: "defer", inMs: claim.freeInMs }
  return { action: "skip", claimedAt: claim.claimedAt }
}

/**
 * Gives back a claim its holder did not use (the order's lock was busy: another settlement reads), so the
 * next caller may read at once instead of after the interval. Only that claim: a newer one stays.
 */
export async function releaseFastCheckoutWebhookRead(
  container: MedusaContainer,
  orderToken: string,
  claimedAt: string
): Promise<void> {
  const redis = storeRedisOf(container)
  if (redis && /^\d+$/.test(claimedAt)) {
    await withinRedisTimeout(redis.eval(RELEASE_SCRIPT, 1, claimKey(orderToken), claimedAt)).catch(() => undefined)
    return
  }
  await container.resolve<TikkieModuleService>(TIKKIE_MODULE).releaseFastCheckoutWebhookRead(orderToken, claimedAt)
}

const claimKey = (orderToken: string) => `tikkie:fast-checkout:read-claim:${orderToken}`

/**
 * The claim in Redis: a hash `{at, deferred}` that lives for the interval. Redis's own clock (TIME) for
 * `at`, so instances with drifting clocks agree. Answers `[claimed, deferred, msLeft, at]`.
 */
const CLAIM_SCRIPT = `
local at = redis.call('HGET', KEYS[1], 'at')
if not at then
  local t = redis.call('TIME')
  at = tostring(t[1] * 1000 + math.floor(t[2] / 1000))
  redis.call('HSET', KEYS[1], 'at', at, 'deferred', 0)
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return {1, 0, 0, at}
end
local deferred = redis.call('HINCRBY', KEYS[1], 'deferred', ARGV[2])
return {0, deferred, math.max(0, redis.call('PTTL', KEYS[1])), at}`

const RELEASE_SCRIPT = `
if redis.call('HGET', KEYS[1], 'at') == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`

async function claimInRedis(redis: StoreRedis, orderToken: string, intervalMs: number, countDeferral: boolean) {
  const [claimed, deferred, freeInMs, at] = (await redis.eval(
    CLAIM_SCRIPT,
    1,
    claimKey(orderToken),
    Math.max(1, Math.round(intervalMs)),
    countDeferral ? 1 : 0
  )) as [number, number, number, string]
  return {
    claimed: Number(claimed) === 1,
    deferred: Number(deferred),
    freeInMs: Number(freeInMs),
    claimedAt: String(at),
  }
}

/** Whether read claims live in Redis here (the webhook route then claims before it looks the order up). */
export function readClaimsInRedis(container: MedusaContainer): boolean {
  return storeRedisOf(container) !== undefined
}

/** A claim's time in epoch ms: Redis's claims are epoch ms, the record's a UTC timestamp without zone. */
export function claimTimeMs(claimedAt: string): number {
  return /^\d+$/.test(claimedAt) ? Number(claimedAt) : Date.parse(`${claimedAt}Z`)
}
