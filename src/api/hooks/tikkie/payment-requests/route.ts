import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { TIKKIE_MODULE } from "../../../../modules/tikkie"
import type TikkieModuleService from "../../../../modules/tikkie/service"
import { PaymentRequestNotificationSchema } from "../../../../tikkie/payment-requests/v2"

export const PAYMENT_REQUEST_NOTIFICATION_EVENT = "tikkie.payment_request.notification_received"

/**
 * POST /hooks/tikkie/payment-requests: Tikkie's notification `{subscriptionId, notificationType,
 * paymentRequestToken, paymentToken, refundToken?}`. Notifications are not signed, so:
 * - a malformed body gets 400;
 * - a subscriptionId that is not the one stored for this store is ignored and logged (answered 200,
 *   so a forger learns nothing, and nothing is acted on);
 * - otherwise the notification is handed to the event bus and answered at once; a worker reads the
 *   request from Tikkie (the body is only a hint) and settles it.
 */
export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const body = PaymentRequestNotificationSchema.safeParse(req.body)
  if (!body.success) {
    const issue = body.error.issues[0]
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Invalid Tikkie payment request notification: ${issue.path.join(".") || "body"}: ${issue.message}`
    )
  }
  const tikkie = req.scope.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [subscription] = await tikkie.listNotificationSubscriptions({ subscription_id: body.data.subscriptionId })
  if (!subscription) {
    req.scope
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `Tikkie payment request notification ignored: its subscriptionId is not this store's ` +
          `(${body.data.notificationType} for ${body.data.paymentRequestToken})`
      )
    return res.status(200).json({ received: true })
  }
  await req.scope.resolve(Modules.EVENT_BUS).emit({
    name: PAYMENT_REQUEST_NOTIFICATION_EVENT,
    data: {
      provider_id: subscription.provider_id,
      notification_type: body.data.notificationType,
      payment_request_token: body.data.paymentRequestToken,
      payment_token: body.data.paymentToken,
    },
  })
  res.status(200).json({ received: true })
}
