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
import { fastCheckoutWebhookTarget } from "../../../utils/fast-checkout-webhook-target"
import {
  claimFastCheckoutWebhookRead,
  readClaimsInRedis,
} from "../../../../workflows/fast-checkout/utils/webhook-read-claim"
import type { FastCheckoutWebhookBody } from "./validators"
import { currentTraceparent } from "../../../../utils/tracing"

const UNKNOWN_ORDERS = new LogThrottle("Tikkie Fast Checkout webhooks for orders not of this store")

/**
 * POST /hooks/tikkie/fast-checkout: Tikkie's order webhook `{referenceId, orderToken, status}`, validated
 * at the edge (validators.ts, through middlewares.ts: a malformed body or token gets 400). The body is
 * not signed, so it is only a hint; one indexed lookup decides whether it names work:
 * - an orderToken with no record of this store: ignored (logged, a few a minute);
 * - an order already settled (a Medusa order, closed, or given up): nothing to do;
 * - otherwise handed to the event bus, one job per orderToken and status in flight, and a worker reads
 *   the order from Tikkie and settles it; but at most one such read per order per
 *   FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS, claimed in Redis or the database (webhook-read-claim.ts): a shopper
 *   can learn real orderTokens, and a flood naming them must not become a flood of jobs and Tikkie reads.
 *   A webhook inside the interval schedules one read for its end (a delayed job) and leaves the order
 *   due for the poll, so a real payment announced then is still settled.
 * Every case answers 200: Tikkie retries anything else, and a forger learns nothing. All answer at once,
 * except unknown orderTokens while a flood of them is under way (api/utils/idle-hook-brake.ts holds those
 * answers a while). Repeats for settled orders are Tikkie's own retries and are never held.
 */
export const POST = async (req: MedusaRequest<FastCheckoutWebhookBody>, res: MedusaResponse) => {
  const body = req.validatedBody
  const timing = routeTiming("fast-checkout webhook")
  // With the claim in Redis it comes first: a webhook inside an order's interval (Tikkie's repeats, a
  // flood) then costs that one round trip. Only a claim that may start a read looks the order up.
  let claim = readClaimsInRedis(req.scope) ? await claimFastCheckoutWebhookRead(req.scope, body.orderToken) : undefined
  if (claim) timing?.mark("claim first (Redis)")
  if (claim?.action === "skip") return answer()
  const target = await fastCheckoutWebhookTarget(req.scope, body.orderToken)
  timing?.mark("record lookup")
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
    claim ??= await claimFastCheckoutWebhookRead(req.scope, body.orderToken)
    timing?.mark("claim")
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
    timing?.mark("enqueue")
  }
  return answer()

  function answer() {
    res.status(200).json({ received: true })
    timing?.end(req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER), "answer")
  }
}
