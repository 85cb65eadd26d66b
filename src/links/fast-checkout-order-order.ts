import { defineLink } from "@medusajs/framework/utils"
import OrderModule from "@medusajs/medusa/order"
import { tikkieLinkable as tikkie } from "../modules/tikkie"

/** The Medusa order a Fast Checkout order became (`tikkie_fast_checkout_order.medusa_order`): read-only. */
export default defineLink(
  { linkable: tikkie.tikkieFastCheckoutOrder, field: "medusa_order_id" },
  { ...OrderModule.linkable.order.id, alias: "medusa_order" },
  { readOnly: true }
)
