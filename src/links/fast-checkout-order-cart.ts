import { defineLink } from "@medusajs/framework/utils"
import CartModule from "@medusajs/medusa/cart"
import TikkieModule from "../modules/tikkie"

// Loosely typed: TypeScript gives up on the linkable type of a module with this many models.
const tikkie = (TikkieModule as unknown as { linkable: Record<string, any> }).linkable

/** A Fast Checkout order's cart (`tikkie_fast_checkout_order.cart`): read-only, the record keeps the cart's id. */
export default defineLink({ linkable: tikkie.tikkieFastCheckoutOrder, field: "cart_id" }, CartModule.linkable.cart, {
  readOnly: true,
})
