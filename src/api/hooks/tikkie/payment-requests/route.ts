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
 * Notifications are not signed: one not of this store or already settled changes nothing; the rest go
 * to the event bus, and a worker reads Tikkie itself (the body is a hint). Always 200: Tikkie retries
 * anything else and a forger learns nothing.
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
  if (!subscription || target === "unknown") await brakeIdleHookAnswer(logger)
  res.status(200).json({ received: true })
}
