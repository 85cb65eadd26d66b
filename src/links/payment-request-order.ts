import { defineLink } from "@medusajs/framework/utils"
import OrderModule from "@medusajs/medusa/order"
import { tikkieLinkable as tikkie } from "../modules/tikkie"

/** A payment link's order (`tikkie_payment_request.request_order`): read-only, the record keeps the order's id. */
export default defineLink(
  { linkable: tikkie.tikkiePaymentRequest, field: "order_id" },
  { ...OrderModule.linkable.order.id, alias: "request_order" },
  {
    readOnly: true,
  }
)
