import type { MedusaContainer } from "@medusajs/framework/types"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { envSetting } from "../../../utils/env-settings"
import { type StoreRedis, storeRedisOf, withinRedisTimeout } from "../../../utils/store-redis"

/** The least time between two reads of one order, whoever asks (webhook, return, poll); tests shorten it. */
export const FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS = envSetting("TIKKIE_READ_INTERVAL_MS")

/** `read` now (`claimedAt` identifies the claim), `defer` one read by `inMs`, or `skip` (read claimed or scheduled). */
export type WebhookReadClaim =
  { action: "read"; claimedAt: string } | { action: "defer"; inMs: number } | { action: "skip"; claimedAt?: string }

/** Claims a read for every instance, in Redis or the record; `deferred`: nothing is scheduled when skipped. */
export async function claimFastCheckoutWebhookRead(
  container: MedusaContainer,
  orderToken: string,
  opts: { deferred?: boolean; intervalMs?: number; inRedis?: boolean; status?: string; by?: string } = {}
): Promise<WebhookReadClaim> {
  const intervalMs = opts.intervalMs ?? FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const redis = opts.inRedis === false ? undefined : storeRedisOf(container)
  let claim: { claimed: boolean; deferred: number; freeInMs: number; claimedAt: string } | undefined
  if (redis) {
    claim = await withinRedisTimeout(
      claimInRedis(redis, orderToken, intervalMs, !opts.deferred, opts.status, opts.by)
    ).catch(() => undefined)
    if (claim && !claim.claimed && !opts.deferred && claim.deferred === 1) {
      await tikkie.markFastCheckoutOrderDue(orderToken, new Date(Date.now() + claim.freeInMs))
    }
  }
  claim ??= await tikkie.claimFastCheckoutWebhookRead(orderToken, { intervalMs, countDeferral: !opts.deferred })
  if (!claim) return { action: "skip" }
  if (claim.claimed) return { action: "read", claimedAt: claim.claimedAt }
  if (!opts.deferred && claim.deferred === 1) return { action: "defer", inMs: claim.freeInMs }
  return { action: "skip", claimedAt: claim.claimedAt }
}

/** Gives back an unused claim (the order's lock was busy), so the next caller may read at once; a newer claim stays. */
export async function releaseFastCheckoutWebhookRead(
  container: MedusaContainer,
  orderToken: string,
  claimedAt: string
): Promise<void> {
  const redis = storeRedisOf(container)
  if (redis && /^\d+$/.test(claimedAt)) return releaseReadInRedis(redis, claimKey(orderToken), claimedAt)
  await container.resolve<TikkieModuleService>(TIKKIE_MODULE).releaseFastCheckoutWebhookRead(orderToken, claimedAt)
}

export async function releaseReadInRedis(redis: StoreRedis, key: string, claimedAt: string): Promise<void> {
  await withinRedisTimeout(redis.eval(RELEASE_SCRIPT, 1, key, claimedAt)).catch(() => undefined)
}

const claimKey = (orderToken: string) => `tikkie:fast-checkout:read-claim:${orderToken}`

/**
 * A hash `{at, deferred, status, by}` living for the interval; `at` from Redis's clock. Answers `[claimed,
 * deferred, msLeft, at]`. A webhook announcing the status (ARGV[3]) of the webhook that claimed is covered
 * by that claim's read, made after the first one arrived: it defers nothing (deferred 0). A claim the
 * route reserved for a job (`by`, RESERVE_SCRIPT) is that job's, once (ARGV[4], the job's key).
 */
const CLAIM_SCRIPT = `
local at = redis.call('HGET', KEYS[1], 'at')
if not at then
  local t = redis.call('TIME')
  at = tostring(t[1] * 1000 + math.floor(t[2] / 1000))
  redis.call('HSET', KEYS[1], 'at', at, 'deferred', 0, 'status', ARGV[3], 'by', ARGV[4], 'taken', 1)
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  return {1, 0, 0, at}
end
if ARGV[4] ~= '' and redis.call('HGET', KEYS[1], 'by') == ARGV[4] and redis.call('HSETNX', KEYS[1], 'taken', 1) == 1 then
  return {1, 0, 0, at}
end
if ARGV[3] ~= '' and redis.call('HGET', KEYS[1], 'status') == ARGV[3] then return {0, 0, 0, at} end
local deferred = redis.call('HINCRBY', KEYS[1], 'deferred', ARGV[2])
return {0, deferred, math.max(0, redis.call('PTTL', KEYS[1])), at}`

const RELEASE_SCRIPT = `
if redis.call('HGET', KEYS[1], 'at') == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`

const claimInRedis = (
  redis: StoreRedis,
  orderToken: string,
  intervalMs: number,
  countDeferral: boolean,
  status?: string,
  by?: string
) => claimReadInRedis(redis, claimKey(orderToken), intervalMs, countDeferral, status, by)

/** A read claim under `key` (payment requests' too), in one Lua call; `status`: the webhook's; `by`: a job's key. */
export async function claimReadInRedis(
  redis: StoreRedis,
  key: string,
  intervalMs: number,
  countDeferral: boolean,
  status = "",
  by = ""
) {
  const [claimed, deferred, freeInMs, at] = (await redis.eval(
    CLAIM_SCRIPT,
    1,
    key,
    Math.max(1, Math.round(intervalMs)),
    countDeferral ? 1 : 0,
    status,
    by
  )) as [number, number, number, string]
  return {
    claimed: Number(claimed) === 1,
    deferred: Number(deferred),
    freeInMs: Number(freeInMs),
    claimedAt: String(at),
  }
}

/**
 * What Redis remembers of an order for the webhook route. `open` lapses: a settlement that did not say so
 * shows at a later lookup (until then at most one enqueue per interval, and a job that finds it settled).
 */
export type RememberedTarget = "open" | "settled"
const OPEN_TARGET_TTL_MS = 30 * 60_000
const SETTLED_TARGET_TTL_MS = 24 * 60 * 60_000
const targetKey = (orderToken: string) => `tikkie:fast-checkout:target:${orderToken}`

export async function rememberFastCheckoutTarget(
  container: MedusaContainer,
  orderToken: string,
  target: RememberedTarget
): Promise<void> {
  const redis = storeRedisOf(container)
  if (!redis) return
  const ttl = target === "open" ? OPEN_TARGET_TTL_MS : SETTLED_TARGET_TTL_MS
  await withinRedisTimeout(redis.eval(REMEMBER_SCRIPT, 1, targetKey(orderToken), target, ttl)).catch(() => undefined)
}

const REMEMBER_SCRIPT = `
if ARGV[1] == 'open' and redis.call('GET', KEYS[1]) == 'settled' then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`

/**
 * Takes the read claim of an order Redis remembers open for the job `by` the route just enqueued, which
 * claims it when it runs: a shopper's return meanwhile finds the read under way instead of settling the
 * order inline beside that job. Another claim standing: nothing (the job claims as any webhook does).
 */
export async function reserveFastCheckoutWebhookRead(
  container: MedusaContainer,
  orderToken: string,
  status: string,
  by: string,
  intervalMs = FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS
): Promise<void> {
  const redis = storeRedisOf(container)
  if (!redis) return
  await withinRedisTimeout(
    redis.eval(
      RESERVE_SCRIPT,
      2,
      claimKey(orderToken),
      targetKey(orderToken),
      Math.max(1, Math.round(intervalMs)),
      status,
      by
    )
  ).catch(() => undefined)
}

const RESERVE_SCRIPT = `
if redis.call('GET', KEYS[2]) ~= 'open' or redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local t = redis.call('TIME')
redis.call('HSET', KEYS[1], 'at', tostring(t[1] * 1000 + math.floor(t[2] / 1000)), 'deferred', 0, 'status', ARGV[2], 'by', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`

/** The claim and what Redis remembers, in one round trip; `unlisted` when Redis knows nothing, undefined when absent or slow. */
export async function claimKnownFastCheckoutWebhookRead(
  container: MedusaContainer,
  orderToken: string,
  status: string,
  intervalMs = FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS,
  by = ""
): Promise<{ target: "settled" } | { target: "unlisted" } | { target: "open"; claim: WebhookReadClaim } | undefined> {
  const redis = storeRedisOf(container)
  if (!redis) return undefined
  const answer = (await withinRedisTimeout(
    redis.eval(
      `local target = redis.call('GET', KEYS[2])
if not target then return {-1} end
if target ~= 'open' then return {-2} end
${CLAIM_SCRIPT}`,
      2,
      claimKey(orderToken),
      targetKey(orderToken),
      Math.max(1, Math.round(intervalMs)),
      1,
      status,
      by
    )
  ).catch(() => undefined)) as [number, number?, number?, string?] | undefined
  const code = Number(answer?.[0])
  if (!answer) return undefined
  if (code === -1) return { target: "unlisted" }
  if (code === -2) return { target: "settled" }
  const [, deferred, freeInMs, at] = answer
  if (code === 1) return { target: "open", claim: { action: "read", claimedAt: String(at) } }
  if (Number(deferred) !== 1) return { target: "open", claim: { action: "skip", claimedAt: String(at) } }
  await container
    .resolve<TikkieModuleService>(TIKKIE_MODULE)
    .markFastCheckoutOrderDue(orderToken, new Date(Date.now() + Number(freeInMs)))
  return { target: "open", claim: { action: "defer", inMs: Number(freeInMs) } }
}

/** Redis's claims are epoch ms, the record's a UTC timestamp without zone. */
export function claimTimeMs(claimedAt: string): number {
  return /^\d+$/.test(claimedAt) ? Number(claimedAt) : Date.parse(`${claimedAt}Z`)
}
