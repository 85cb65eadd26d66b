import { defineLink } from "@medusajs/framework/utils"
import CartModule from "@medusajs/medusa/cart"
import { tikkieLinkable as tikkie } from "../modules/tikkie"

/** A Fast Checkout order's cart (`tikkie_fast_checkout_order.checkout_cart`): read-only, the record keeps the cart's id. */
export default defineLink(
  { linkable: tikkie.tikkieFastCheckoutOrder, field: "cart_id" },
  { ...CartModule.linkable.cart.id, alias: "checkout_cart" },
  {
    readOnly: true,
  }
)
