import { defineLink } from "@medusajs/framework/utils"
import PaymentModule from "@medusajs/medusa/payment"
import TikkieModule from "../modules/tikkie"

// Loosely typed: TypeScript gives up on the linkable type of a module with this many models.
const tikkie = (TikkieModule as unknown as { linkable: Record<string, any> }).linkable

/**
 * A Medusa payment's Tikkie payment request (`payment.tikkie_payment_request`), with Tikkie's payments and
 * refunds as last read: read-only, the record keeps the payment's id (`medusa_payment_id`).
 */
export default defineLink(
  { linkable: PaymentModule.linkable.payment, field: "id" },
  { ...tikkie.tikkiePaymentRequest.id, primaryKey: "medusa_payment_id" },
  { readOnly: true }
)
