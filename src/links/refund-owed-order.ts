import { defineLink } from "@medusajs/framework/utils"
import OrderModule from "@medusajs/medusa/order"
import TikkieModule from "../modules/tikkie"

// Loosely typed: TypeScript gives up on the linkable type of a module with this many models.
const tikkie = (TikkieModule as unknown as { linkable: Record<string, any> }).linkable

/** A refund owed's order (`tikkie_refund_owed.order`): read-only, the row keeps the order's id. */
export default defineLink({ linkable: tikkie.tikkieRefundOwed, field: "order_id" }, OrderModule.linkable.order, {
  readOnly: true,
})
