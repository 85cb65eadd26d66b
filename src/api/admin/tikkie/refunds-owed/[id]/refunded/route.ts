import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { markRefundOwedRefundedWorkflow } from "../../../../../../workflows/refunds-owed/mark-refund-owed-refunded"
import type { MarkRefundedBody } from "../../validators"
import { refundOwedAnswer } from "../../view"

/**
 * POST /admin/tikkie/refunds-owed/:id/refunded `{ bank_reference, note? }` → `{ refund_owed }`: the
 * admin sent the money back by bank transfer. Records who and when, and Medusa's refund on the payment
 * (so the order's totals say refunded from now on). Repeating it answers the record as it is.
 */
export const POST = async (req: AuthenticatedMedusaRequest<MarkRefundedBody>, res: MedusaResponse) => {
  const body = req.validatedBody
  const { result: marked } = await markRefundOwedRefundedWorkflow(req.scope).run({
    input: {
      id: req.params.id,
      bank_reference: body.bank_reference,
      note: body.note,
      actor_id: req.auth_context.actor_id,
    },
  })
  res.json(await refundOwedAnswer(req.scope, marked))
}
