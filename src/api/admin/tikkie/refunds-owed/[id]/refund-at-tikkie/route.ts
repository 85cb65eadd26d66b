import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { refundOwedAtTikkieWorkflow } from "../../../../../../workflows/refunds-owed/refund-at-tikkie"
import { refundOwedAnswer } from "../../view"

/**
 * POST /admin/tikkie/refunds-owed/:id/refund-at-tikkie → `{ refund_owed }`: refunds a second payment on a
 * v2 link through Tikkie and marks the refund owed refunded (reference: Tikkie's refund). Anything else
 * Tikkie cannot refund answers 400 (NOT_ALLOWED): pay it back by bank transfer and mark it refunded.
 */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const { result: refunded } = await refundOwedAtTikkieWorkflow(req.scope).run({
    input: { id: req.params.id, actor_id: req.auth_context.actor_id },
  })
  res.json(await refundOwedAnswer(req.scope, refunded))
}
