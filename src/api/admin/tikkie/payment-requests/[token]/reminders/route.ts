import type { AuthenticatedMedusaRequest, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { TIKKIE_MODULE } from "../../../../../../modules/tikkie"
import type TikkieModuleService from "../../../../../../modules/tikkie/service"
import { reminderView } from "../../../../../../workflows/payment-request/utils/payment-link-reminders"
import type { AdminTikkieLinkRemindersResponse } from "../../../../../types"
import type { LinkRemindersBody } from "../../../../orders/[id]/tikkie-payment-links/validators"

async function invoiceLink(req: MedusaRequest) {
  const { token } = req.params
  const [link] = await req.scope
    .resolve<TikkieModuleService>(TIKKIE_MODULE)
    .listPaymentRequests({ payment_request_token: token, kind: "invoice" })
  if (!link) throw new MedusaError(MedusaError.Types.NOT_FOUND, `No Tikkie invoice link ${token}.`)
  return link
}

/** GET /admin/tikkie/payment-requests/:token/reminders → `{ reminders }`: as for an order link (its route). */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminTikkieLinkRemindersResponse>) => {
  res.json({ reminders: await reminderView(req.scope, await invoiceLink(req)) })
}

/** POST /admin/tikkie/payment-requests/:token/reminders `{ enabled }` → `{ reminders }`: the link's switch. */
export const POST = async (
  req: AuthenticatedMedusaRequest<LinkRemindersBody>,
  res: MedusaResponse<AdminTikkieLinkRemindersResponse>
) => {
  const link = await invoiceLink(req)
  const tikkie = req.scope.resolve<TikkieModuleService>(TIKKIE_MODULE)
  await tikkie.updatePaymentRequests({ id: link.id, reminders_off: !req.validatedBody.enabled })
  const [updated] = await tikkie.listPaymentRequests({ id: link.id })
  res.json({ reminders: await reminderView(req.scope, updated) })
}
