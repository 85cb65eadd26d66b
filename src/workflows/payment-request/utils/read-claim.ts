import type { MedusaContainer } from "@medusajs/framework/types"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { storeRedisOf, withinRedisTimeout } from "../../../utils/store-redis"
import {
  claimReadInRedis,
  FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS,
  releaseReadInRedis,
} from "../../fast-checkout/utils/webhook-read-claim"

export const PAYMENT_REQUEST_READ_INTERVAL_MS = FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS

export type PaymentRequestReadClaim = { action: "read"; claimedAt: string } | { action: "skip" }

const claimKey = (token: string) => `tikkie:payment-request:read-claim:${token}`

/** Claims a request's one read per interval (returns, polls) for every instance, in Redis or the record. */
export async function claimPaymentRequestRead(
  container: MedusaContainer,
  token: string,
  intervalMs = PAYMENT_REQUEST_READ_INTERVAL_MS
): Promise<PaymentRequestReadClaim> {
  const redis = storeRedisOf(container)
  const inRedis = redis
    ? await withinRedisTimeout(claimReadInRedis(redis, claimKey(token), intervalMs, false)).catch(() => undefined)
    : undefined
  const claim =
    inRedis ??
    (await container.resolve<TikkieModuleService>(TIKKIE_MODULE).claimPaymentRequestRead(token, { intervalMs }))
  if (!claim) return { action: "read", claimedAt: "" }
  return claim.claimed ? { action: "read", claimedAt: claim.claimedAt } : { action: "skip" }
}

/** Gives back an unused claim (the request's lock was busy): the next caller may read at once. */
export async function releasePaymentRequestRead(
  container: MedusaContainer,
  token: string,
  claimedAt: string
): Promise<void> {
  if (!claimedAt) return
  const redis = storeRedisOf(container)
  if (redis && /^\d+$/.test(claimedAt)) return releaseReadInRedis(redis, claimKey(token), claimedAt)
  await container.resolve<TikkieModuleService>(TIKKIE_MODULE).releasePaymentRequestRead(token, claimedAt)
}
