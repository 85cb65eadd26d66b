import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  FAST_CHECKOUT_WEBHOOK_EVENT,
  fastCheckoutDeferredEventKey,
  fastCheckoutEventKey,
  type FastCheckoutWebhookEventData,
} from "../../../../workflows/utils/events"
import { hookEventOptions } from "../../../../workflows/utils/hook-event-options"
import { brakeIdleHookAnswer } from "../../../utils/idle-hook-brake"
import { logExcerpt } from "../../../../utils/log-excerpt"
import { LogThrottle } from "../../../../utils/log-throttle"
import { routeTiming } from "../../../../utils/settlement-timing"
import { type FastCheckoutWebhookTarget, fastCheckoutWebhookTarget } from "../../../utils/fast-checkout-webhook-target"
import {
  claimFastCheckoutWebhookRead,
  claimKnownFastCheckoutWebhookRead,
  rememberFastCheckoutTarget,
} from "../../../../workflows/fast-checkout/utils/webhook-read-claim"
import type { FastCheckoutWebhookBody } from "./validators"
import { currentTraceparent } from "../../../../utils/tracing"

const UNKNOWN_ORDERS = new LogThrottle("Tikkie Fast Checkout webhooks for orders not of this store")

/**
 * POST /hooks/tikkie/fast-checkout: Tikkie's order webhook, validated at the edge. Unsigned, so only a
 * hint: an unknown orderToken is ignored (and held back during a flood: idle-hook-brake.ts), a settled
 * order needs nothing, an open one gets at most one read per interval (webhook-read-claim.ts) through an
 * event-bus job. On Redis a known order costs one round trip before that enqueue. Always 200: Tikkie
 * retries anything else, and a forger learns nothing.
 */
export const POST = async (req: MedusaRequest<FastCheckoutWebhookBody>, res: MedusaResponse) => {
  const body = req.validatedBody
  const timing = routeTiming("fast-checkout webhook", req)
  // Only an order Redis does not know is looked up in the database (and remembered).
  const redis = await claimKnownFastCheckoutWebhookRead(req.scope, body.orderToken, body.status)
  if (redis) timing?.mark("claim (Redis, one round trip)")
  const known = redis?.target === "unlisted" ? undefined : redis
  const target: FastCheckoutWebhookTarget =
    known?.target ?? (await fastCheckoutWebhookTarget(req.scope, body.orderToken))
  if (!known) {
    timing?.mark("record lookup")
    if (redis && target !== "unknown") void rememberFastCheckoutTarget(req.scope, body.orderToken, target)
  }
  if (target === "unknown") {
    const logger = req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    UNKNOWN_ORDERS.warn(
      logger,
      () =>
        `Tikkie Fast Checkout webhook: ignored orderToken ${logExcerpt(body.orderToken)}, not an order of this store`
    )
    await brakeIdleHookAnswer(logger)
    timing?.mark("unknown: log and brake")
  } else if (target === "open") {
    // Redis that did not answer at once is not asked again: the claim goes to Postgres.
    const claim =
      known?.target === "open"
        ? known.claim
        : await claimFastCheckoutWebhookRead(req.scope, body.orderToken, {
            inRedis: redis !== undefined,
            status: body.status,
          })
    if (!known) timing?.mark("claim")
    const data: FastCheckoutWebhookEventData = {
      order_token: body.orderToken,
      reference_id: body.referenceId,
      status: body.status,
      traceparent: currentTraceparent(),
    }
    const eventBus = req.scope.resolve(Modules.EVENT_BUS)
    if (claim.action === "read") {
      await eventBus.emit(
        { name: FAST_CHECKOUT_WEBHOOK_EVENT, data: { ...data, claimed_at: new Date().toISOString() } },
        hookEventOptions(fastCheckoutEventKey(body.orderToken, body.status))
      )
    } else if (claim.action === "defer") {
      await eventBus.emit(
        { name: FAST_CHECKOUT_WEBHOOK_EVENT, data: { ...data, deferred: true } },
        hookEventOptions(fastCheckoutDeferredEventKey(body.orderToken), claim.inMs)
      )
    }
    if (claim.action !== "skip") timing?.mark("enqueue")
  }
  return answer()

  function answer() {
    res.status(200).json({ received: true })
    timing?.end(req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER), "answer")
  }
}
