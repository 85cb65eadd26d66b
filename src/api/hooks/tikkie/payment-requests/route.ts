import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  PAYMENT_REQUEST_NOTIFICATION_EVENT,
  paymentRequestEventKey,
  type PaymentRequestNotificationEventData,
} from "../../../../workflows/utils/events"
import { hookEventOptions } from "../../../../workflows/utils/hook-event-options"
import { brakeIdleHookAnswer } from "../../../utils/idle-hook-brake"
import { logExcerpt } from "../../../../utils/log-excerpt"
import { LogThrottle } from "../../../../utils/log-throttle"
import { TIKKIE_MODULE } from "../../../../modules/tikkie"
import type TikkieModuleService from "../../../../modules/tikkie/service"
import { paymentRequestNotificationTarget } from "../../../utils/payment-request-notification-target"
import type { PaymentRequestNotificationBody } from "./validators"
import { currentTraceparent } from "../../../../utils/tracing"

const FOREIGN_SUBSCRIPTIONS = new LogThrottle("Tikkie payment request notifications with another subscriptionId")
const UNKNOWN_REQUESTS = new LogThrottle("Tikkie payment request notifications for requests not of this store")

/**
 * POST /hooks/tikkie/payment-requests: Tikkie's notification `{subscriptionId, notificationType,
 * paymentRequestToken, paymentToken, refundToken?}`, validated at the edge (validators.ts, through
 * middlewares.ts: a malformed body or token gets 400). Notifications are not signed, so:
 * - a subscriptionId that is not the one stored for this store is ignored and logged;
 * - a paymentRequestToken with no record of this store is ignored and logged (one indexed lookup);
 * - a payment or refund the record already holds as settled changes nothing;
 * - otherwise the notification is handed to the event bus (one job per request, type and payment or
 *   refund in flight) and a worker reads the request from Tikkie (the body is only a hint) and settles it.
 * Every case answers 200: Tikkie retries anything else, and a forger learns nothing. All answer at once,
 * except those not of this store while a flood of them is under way (api/utils/idle-hook-brake.ts holds those
 * answers a while). Repeats of settled payments are Tikkie's own retries and are never held.
 */
export const POST = async (req: MedusaRequest<PaymentRequestNotificationBody>, res: MedusaResponse) => {
  const body = req.validatedBody
  const logger = req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const tikkie = req.scope.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [[subscription], target] = await Promise.all([
    tikkie.listNotificationSubscriptions({ subscription_id: body.subscriptionId }, { take: 1 }),
    paymentRequestNotificationTarget(req.scope, body),
  ])
  if (!subscription) {
    FOREIGN_SUBSCRIPTIONS.warn(
      logger,
      () =>
        `Tikkie payment request notification ignored: its subscriptionId is not this store's ` +
        `(${body.notificationType} for ${logExcerpt(body.paymentRequestToken)})`
    )
  } else if (target === "unknown") {
    UNKNOWN_REQUESTS.warn(
      logger,
      () =>
        `Tikkie payment request notification ignored: ${logExcerpt(body.paymentRequestToken)} is not a payment request of this store`
    )
  } else if (target === "open") {
    const data: PaymentRequestNotificationEventData = {
      provider_id: subscription.provider_id,
      notification_type: body.notificationType,
      payment_request_token: body.paymentRequestToken,
      payment_token: body.paymentToken,
      traceparent: currentTraceparent(),
    }
    await req.scope
      .resolve(Modules.EVENT_BUS)
      .emit(
        { name: PAYMENT_REQUEST_NOTIFICATION_EVENT, data },
        hookEventOptions(
          paymentRequestEventKey(
            body.paymentRequestToken,
            `${body.notificationType}-${body.refundToken ?? body.paymentToken}`
          )
        )
      )
  }
  // Not this store's: answered like the rest, held a while when a flood of them is under way.
  if (!subscription || target === "unknown") await brakeIdleHookAnswer(logger)
  res.status(200).json({ received: true })
}
