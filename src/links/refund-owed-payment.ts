import { defineLink } from "@medusajs/framework/utils"
import PaymentModule from "@medusajs/medusa/payment"
import { tikkieLinkable as tikkie } from "../modules/tikkie"

/** The Medusa payment a refund owed's money came in with (`tikkie_refund_owed.payment`): read-only. */
export default defineLink({ linkable: tikkie.tikkieRefundOwed, field: "payment_id" }, PaymentModule.linkable.payment, {
  readOnly: true,
})
