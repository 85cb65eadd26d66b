import type { AuthenticatedMedusaRequest, MedusaResponse, MedusaRequest } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { TIKKIE_MODULE } from "../../../../../../../modules/tikkie"
import type TikkieModuleService from "../../../../../../../modules/tikkie/service"
import { reminderView } from "../../../../../../../workflows/payment-request/utils/payment-link-reminders"
import type { AdminTikkieLinkRemindersResponse } from "../../../../../../types"
import type { LinkRemindersBody } from "../../validators"

async function orderLink(req: MedusaRequest) {
  const { id: orderId, token } = req.params
  const [link] = await req.scope
    .resolve<TikkieModuleService>(TIKKIE_MODULE)
    .listPaymentRequests({ payment_request_token: token, order_id: orderId })
  if (!link) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${orderId} has no Tikkie payment link ${token}.`)
  return link
}

/** Whether reminders are on, why none (more) will go out (`blocked`), and each reminder's state. */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminTikkieLinkRemindersResponse>) => {
  res.json({ reminders: await reminderView(req.scope, await orderLink(req)) })
}

/** Off applies to a reminder not yet sent too: the job decides under the link's lock. */
export const POST = async (
  req: AuthenticatedMedusaRequest<LinkRemindersBody>,
  res: MedusaResponse<AdminTikkieLinkRemindersResponse>
) => {
  const link = await orderLink(req)
  const tikkie = req.scope.resolve<TikkieModuleService>(TIKKIE_MODULE)
  await tikkie.updatePaymentRequests({ id: link.id, reminders_off: !req.validatedBody.enabled })
  const [updated] = await tikkie.listPaymentRequests({ id: link.id })
  res.json({ reminders: await reminderView(req.scope, updated) })
}
