import { defineLink } from "@medusajs/framework/utils"
import CartModule from "@medusajs/medusa/cart"
import { tikkieLinkable as tikkie } from "../modules/tikkie"

/** A checkout link's cart (`tikkie_payment_request.request_cart`): read-only, the record keeps the cart's id. */
export default defineLink(
  { linkable: tikkie.tikkiePaymentRequest, field: "cart_id" },
  { ...CartModule.linkable.cart.id, alias: "request_cart" },
  {
    readOnly: true,
  }
)
