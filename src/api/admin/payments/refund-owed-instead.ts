import type { AuthenticatedMedusaRequest, MedusaNextFunction, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { toCents } from "../../../utils/medusa-money"
import { cannotRefundAtTikkie } from "../../../workflows/refunds-owed/utils/owed-payment"
import { recordAdminRefundOwedWorkflow } from "../../../workflows/refunds-owed/record-admin-refund-owed"
import { invalidInput } from "../../utils/validate"
import { AdminRefundOwedBodySchema, type AdminRefundPaymentBody } from "./validators"

/** The payment Medusa's route answers, when its own query config did not run first. */
const PAYMENT_FIELDS = [
  "id",
  "amount",
  "currency_code",
  "provider_id",
  "payment_collection_id",
  "captures.*",
  "refunds.*",
]

/**
 * On Medusa's `POST /admin/payments/:id/refund`, for a payment Tikkie cannot refund (Fast Checkout, a
 * payment request v1): the admin's refund becomes a refund owed of that amount, paid by bank transfer
 * from the refund-owed flow, as a cancel or a return already is. Medusa's refund workflow is not run:
 * Medusa books the refund when the admin marks the transfer sent (docs/REFUNDS-OWED.md, "The admin's
 * Refund"). Answered as Medusa's route answers (`{ payment }`); any other payment goes on to Medusa.
 */
export async function refundOwedInsteadMiddleware(
  req: AuthenticatedMedusaRequest<AdminRefundPaymentBody>,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  try {
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    const paymentId = req.params.id
    const { data } = await query.graph({
      entity: "payment",
      fields: ["id", "provider_id", "data"],
      filters: { id: paymentId },
    })
    const payment = data[0] as { id: string; provider_id: string; data: Record<string, unknown> | null } | undefined
    if (!payment || !cannotRefundAtTikkie(payment)) return next()
    const parsed = AdminRefundOwedBodySchema.safeParse(req.validatedBody)
    if (!parsed.success) return next(invalidInput("body", parsed.error))
    const body = parsed.data
    await recordAdminRefundOwedWorkflow(req.scope).run({
      input: {
        payment_id: paymentId,
        amount_in_cents: body.amount === undefined ? undefined : toCents(body.amount),
        note: body.note,
      },
    })
    const fields = (req as { queryConfig?: { fields?: string[] } }).queryConfig?.fields ?? PAYMENT_FIELDS
    const { data: answered } = await query.graph({ entity: "payment", fields, filters: { id: paymentId } })
    res.status(200).json({ payment: answered[0] })
  } catch (e) {
    next(e)
  }
}
