import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { INotificationModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { errorMessage } from "../../../../../../../utils/error-message"
import { TIKKIE_MODULE } from "../../../../../../../modules/tikkie"
import type TikkieModuleService from "../../../../../../../modules/tikkie/service"
import type { AdminTikkieSendPaymentLinkResponse } from "../../../../../../types"

/** Rendered by the store's e-mail provider from the data sent below (amount_in_cents null: open amount). */
export const PAYMENT_LINK_NOTIFICATION_TEMPLATE = "tikkie-payment-link"

/** Sends a link to the order's e-mail through Medusa's notification module; refused when it cannot be paid or sent. */
export const POST = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminTikkieSendPaymentLinkResponse>
) => {
  const { id: orderId, token } = req.params
  const tikkie = req.scope.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [link] = await tikkie.listPaymentRequests({ payment_request_token: token, order_id: orderId })
  if (!link) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} has no Tikkie payment link ${token}.`)
  if (link.status !== "OPEN" || link.cancelled_at || link.medusa_payment_id) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `This Tikkie link is ${link.medusa_payment_id ? "paid" : link.cancelled_at ? "cancelled" : link.status.toLowerCase()}: there is nothing to send.`
    )
  }
  const { data } = await req.scope
    .resolve(ContainerRegistrationKeys.QUERY)
    .graph({ entity: "order", fields: ["id", "display_id", "email"], filters: { id: orderId } })
  const order = data[0] as { id: string; display_id: number; email?: string | null } | undefined
  if (!order?.email) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Order #${order?.display_id ?? orderId} has no email address: copy the link and send it yourself.`
    )
  }
  let sent
  try {
    ;[sent] = await req.scope.resolve<INotificationModuleService>(Modules.NOTIFICATION).createNotifications([
      {
        to: order.email,
        channel: "email",
        template: PAYMENT_LINK_NOTIFICATION_TEMPLATE,
        trigger_type: "tikkie.payment_link.sent",
        resource_id: order.id,
        resource_type: "order",
        data: {
          order_id: order.id,
          order_display_id: order.display_id,
          url: link.url,
          amount_in_cents: link.amount_in_cents === null ? null : Number(link.amount_in_cents),
          description: link.description,
          expiry_date: link.expiry_date,
        },
      },
    ])
  } catch (e) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Sending the link failed: ${errorMessage(e).slice(0, 200)}. A store sends email through a notification provider for the "email" channel (medusa-config.ts, module "notification"); until then, copy the link and send it yourself.`
    )
  }
  res.json({ notification: { id: sent.id, to: sent.to, channel: sent.channel, template: sent.template } })
}
