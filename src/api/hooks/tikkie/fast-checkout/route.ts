import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  FAST_CHECKOUT_WEBHOOK_EVENT,
  fastCheckoutUnclaimedEventKey,
  type FastCheckoutWebhookEventData,
} from "../../../../workflows/utils/events"
import { hookEventOptions } from "../../../../workflows/utils/hook-event-options"
import { brakeIdleHookAnswer } from "../../../utils/idle-hook-brake"
import { logExcerpt } from "../../../../utils/log-excerpt"
import { LogThrottle } from "../../../../utils/log-throttle"
import { routeTiming } from "../../../../utils/settlement-timing"
import {
  handOverFastCheckoutRead,
  triageFastCheckoutWebhook,
} from "../../../../workflows/fast-checkout/utils/webhook-triage"
import { reserveFastCheckoutWebhookRead } from "../../../../workflows/fast-checkout/utils/webhook-read-claim"
import { isFastCheckoutWebhookKey, webhookKeySecret } from "../../../../providers/fast-checkout/webhook-key"
import type { FastCheckoutWebhookBody, FastCheckoutWebhookQuery } from "./validators"
import { currentTraceparent } from "../../../../utils/tracing"

const UNKNOWN_ORDERS = new LogThrottle("Tikkie Fast Checkout webhooks for orders not of this store")

/**
 * POST /hooks/tikkie/fast-checkout: Tikkie's order webhook, validated at the edge. Unsigned, so only a
 * hint. One carrying its order's key (webhook-key.ts) is enqueued at once, its claim left to the job.
 * Any other: an unknown orderToken is ignored (and held back during a flood: idle-hook-brake.ts), a
 * settled order needs nothing, an open one gets at most one read per interval (webhook-read-claim.ts)
 * through an event-bus job. Always 200: Tikkie retries anything else, and a forger learns nothing.
 */
export const POST = async (req: MedusaRequest<FastCheckoutWebhookBody>, res: MedusaResponse) => {
  const body = req.validatedBody
  const timing = routeTiming("fast-checkout webhook", req)
  const data: FastCheckoutWebhookEventData = {
    order_token: body.orderToken,
    reference_id: body.referenceId,
    status: body.status,
    traceparent: currentTraceparent(),
  }
  const { key } = req.validatedQuery as FastCheckoutWebhookQuery
  const secret = key ? webhookKeySecret(req.scope.resolve(ContainerRegistrationKeys.CONFIG_MODULE)) : undefined
  if (key && secret && isFastCheckoutWebhookKey(secret, body.referenceId, key)) {
    // Sent first, not waited for: the job finds its claim either way (webhook-read-claim.ts).
    const jobKey = fastCheckoutUnclaimedEventKey(body.orderToken, body.status)
    void reserveFastCheckoutWebhookRead(req.scope, body.orderToken, body.status, jobKey)
    await req.scope
      .resolve(Modules.EVENT_BUS)
      .emit({ name: FAST_CHECKOUT_WEBHOOK_EVENT, data: { ...data, unclaimed: true } }, hookEventOptions(jobKey))
    timing?.mark("enqueue (keyed)")
    return answer()
  }
  const triage = await triageFastCheckoutWebhook(req.scope, body.orderToken, body.status, {
    mark: (part) => timing?.mark(part),
  })
  if (triage.target === "unknown") {
    const logger = req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
    UNKNOWN_ORDERS.warn(
      logger,
      () =>
        `Tikkie Fast Checkout webhook: ignored orderToken ${logExcerpt(body.orderToken)}, not an order of this store`
    )
    await brakeIdleHookAnswer(logger)
    timing?.mark("unknown: log and brake")
  } else if (triage.target === "open") {
    await handOverFastCheckoutRead(req.scope, data, triage.claim)
    if (triage.claim.action !== "skip") timing?.mark("enqueue")
  }
  return answer()

  function answer() {
    res.status(200).json({ received: true })
    timing?.end(req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER), "answer")
  }
}
