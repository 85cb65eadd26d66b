import { defineLink } from "@medusajs/framework/utils"
import OrderModule from "@medusajs/medusa/order"
import { tikkieLinkable as tikkie } from "../modules/tikkie"

/** A refund owed's order (`tikkie_refund_owed.order`): read-only, the row keeps the order's id. */
export default defineLink({ linkable: tikkie.tikkieRefundOwed, field: "order_id" }, OrderModule.linkable.order, {
  readOnly: true,
})
