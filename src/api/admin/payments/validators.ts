import { z } from "zod"
import { MathBN } from "@medusajs/framework/utils"
import { toCents } from "../../../utils/medusa-money"

/** Body of Medusa's `POST /admin/payments/:id/refund`: Medusa's own `AdminCreatePaymentRefund`, unchanged. */
export const AdminRefundPaymentBodySchema = z.strictObject({
  amount: z.number().positive().optional(),
  refund_reason_id: z.string().optional(),
  note: z.string().optional(),
})
export type AdminRefundPaymentBody = z.output<typeof AdminRefundPaymentBodySchema>

/**
 * The same body for a payment Tikkie cannot refund, which becomes a refund owed: kept in whole cents, so
 * an amount with a fraction of a cent is refused rather than rounded (other payments keep Medusa's rule).
 */
export const AdminRefundOwedBodySchema = AdminRefundPaymentBodySchema.extend({
  amount: z.number().positive().refine(wholeCents, "amount must be whole cents (at most two decimals)").optional(),
})

function wholeCents(amount: number): boolean {
  try {
    return MathBN.eq(MathBN.div(toCents(amount), 100), amount)
  } catch {
    return false // beyond a safe number of cents
  }
}
