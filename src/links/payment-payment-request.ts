import { defineLink } from "@medusajs/framework/utils"
import PaymentModule from "@medusajs/medusa/payment"
import { tikkieLinkable as tikkie } from "../modules/tikkie"

/** A payment's Tikkie payment request with Tikkie's payments as last read (`payment.tikkie_payment_request`). */
export default defineLink(
  { linkable: PaymentModule.linkable.payment, field: "id" },
  { ...tikkie.tikkiePaymentRequest.id, primaryKey: "medusa_payment_id" },
  { readOnly: true }
)
