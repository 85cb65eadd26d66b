import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  FAST_CHECKOUT_WEBHOOK_EVENT,
  fastCheckoutUnclaimedEventKey,
  type FastCheckoutWebhookEventData,
} from "../workflows/utils/events"
import { CoalescingQueue } from "../utils/coalescing-queue"
import {
  claimFastCheckoutWebhookRead,
  rememberFastCheckoutTarget,
} from "../workflows/fast-checkout/utils/webhook-read-claim"
import { handOverFastCheckoutRead, triageFastCheckoutWebhook } from "../workflows/fast-checkout/utils/webhook-triage"
import type { FastCheckoutStatus } from "tikkie-client/fast-checkout"
import { settleFastCheckoutOrder } from "../workflows/fast-checkout/settle-fast-checkout-order"
import { settleAgainSoon } from "../workflows/utils/retry-soon"
import { isConnectionFailure } from "../utils/connection-failure"
import { errorMessage } from "../utils/error-message"
import { TIKKIE_MODULE } from "../modules/tikkie"
import type TikkieModuleService from "../modules/tikkie/service"
import { LogThrottle } from "../utils/log-throttle"
import { logExcerpt } from "../utils/log-excerpt"

/** Eight at a time: a storm of paid orders keeps moving and leaves shoppers some of the pool (10 by default). */
const WEBHOOK_SETTLEMENTS = new CoalescingQueue(8)

const UNKNOWN_ORDERS = new LogThrottle("keyed Tikkie Fast Checkout webhooks for orders not recorded")

/** Later webhooks for these end at one Redis round trip: the route's, or a keyed webhook's job's. */
const SETTLED = new Set(["completed", "already-completed", "closed"])

/** Settles the order a webhook named (or a return handed over, or a deferred read); the poll retries the rest. */
export default async function tikkieFastCheckoutWebhookHandler({
  event,
  container,
}: SubscriberArgs<FastCheckoutWebhookEventData>) {
  const orderToken = event.data.order_token
  if (!event.data.deferred && !event.data.retry)
    container.resolve<TikkieModuleService>(TIKKIE_MODULE).callHealth.noteWebhook("fast_checkout")
  let coveredAfter = event.data.claimed_at
  // A deferred read runs unless a webhook claimed a read since its interval ended (that read covers it).
  // Claimed before the queue: a waiting task is shared by every later push of its order.
  if (event.data.deferred) {
    coveredAfter = new Date().toISOString()
    if ((await claimFastCheckoutWebhookRead(container, orderToken, { deferred: true })).action !== "read") return
  }
  // A keyed webhook came from the route unclaimed: what the route does for any other, done here.
  if (event.data.unclaimed) {
    const { unclaimed: _, ...data } = event.data
    const triage = await triageFastCheckoutWebhook(container, orderToken, data.status, {
      by: fastCheckoutUnclaimedEventKey(orderToken, data.status),
    }).catch(async (e) => {
      // Tikkie had its 200 already and will not send it again: a lost database is tried again in seconds.
      if (!isConnectionFailure(errorMessage(e))) throw e
      await settleAgainSoon(container, { kind: "fast-checkout", orderToken, referenceId: data.reference_id })
      return undefined
    })
    if (!triage) return
    if (triage.target === "unknown") {
      UNKNOWN_ORDERS.warn(
        container.resolve(ContainerRegistrationKeys.LOGGER),
        () => `Tikkie Fast Checkout webhook: no record has orderToken ${logExcerpt(orderToken)}; the poll finds it`
      )
    }
    if (triage.target !== "open") return
    if (triage.claim.action !== "read") return handOverFastCheckoutRead(container, data, triage.claim)
    coveredAfter = new Date().toISOString()
  }
  await WEBHOOK_SETTLEMENTS.push(orderToken, async () => {
    try {
      const result = await settleFastCheckoutOrder(container, {
        orderToken,
        source: "webhook",
        hint: event.data.status as FastCheckoutStatus,
        coveredAfter,
        retry: event.data.retry,
        traceparent: event.data.traceparent,
      })
      if (SETTLED.has(result.outcome)) await rememberFastCheckoutTarget(container, orderToken, "settled")
      return result
    } catch (e) {
      // A lost database connection: tried again in seconds; anything else fails the job (the poll retries).
      if (!isConnectionFailure(errorMessage(e))) throw e
      await settleAgainSoon(container, {
        kind: "fast-checkout",
        orderToken,
        referenceId: event.data.reference_id,
        retry: event.data.retry,
      })
      return undefined
    }
  })
}

export const config: SubscriberConfig = {
  event: FAST_CHECKOUT_WEBHOOK_EVENT,
  context: { subscriberId: "tikkie-fast-checkout-webhook" },
}
