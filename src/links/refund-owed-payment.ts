import { defineLink } from "@medusajs/framework/utils"
import PaymentModule from "@medusajs/medusa/payment"
import TikkieModule from "../modules/tikkie"

// Loosely typed: TypeScript gives up on the linkable type of a module with this many models.
const tikkie = (TikkieModule as unknown as { linkable: Record<string, any> }).linkable

/** The Medusa payment a refund owed's money came in with (`tikkie_refund_owed.payment`): read-only. */
export default defineLink({ linkable: tikkie.tikkieRefundOwed, field: "payment_id" }, PaymentModule.linkable.payment, {
  readOnly: true,
})
