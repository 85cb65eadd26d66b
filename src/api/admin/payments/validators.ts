import { z } from "zod"
import { MathBN } from "@medusajs/framework/utils"
import { toCents } from "../../../utils/medusa-money"

/**
 * Body of Medusa's `POST /admin/payments/:id/refund` (Medusa's own `AdminCreatePaymentRefund`), as the
 * plugin reads it for a payment Tikkie cannot refund: the refund owed is kept in whole cents, so an
 * amount with a fraction of a cent is refused rather than rounded.
 */
export const AdminRefundPaymentBodySchema = z.strictObject({
  amount: z
    .number()
    .positive()
    .refine((a) => MathBN.eq(MathBN.div(toCents(a), 100), a), "amount must be whole cents (at most two decimals)")
    .optional(),
  refund_reason_id: z.string().optional(),
  note: z.string().optional(),
})
export type AdminRefundPaymentBody = z.output<typeof AdminRefundPaymentBodySchema>
