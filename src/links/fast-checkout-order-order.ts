import { defineLink } from "@medusajs/framework/utils"
import OrderModule from "@medusajs/medusa/order"
import TikkieModule from "../modules/tikkie"

// Loosely typed: TypeScript gives up on the linkable type of a module with this many models.
const tikkie = (TikkieModule as unknown as { linkable: Record<string, any> }).linkable

/** The Medusa order a Fast Checkout order became (`tikkie_fast_checkout_order.order`): read-only. */
export default defineLink(
  { linkable: tikkie.tikkieFastCheckoutOrder, field: "medusa_order_id" },
  OrderModule.linkable.order,
  { readOnly: true }
)
