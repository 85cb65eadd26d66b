import type { MedusaContainer } from "@medusajs/framework/types"
import { fastCheckoutLinesFromCart, type CartForFastCheckout } from "../../../providers/fast-checkout/cart-to-order"
import type { FastCheckoutCartInput } from "../../../providers/fast-checkout/session-data"
import { loadOpenCart } from "../../checkout/utils/load-open-cart"
import type { ShopperLanguage } from "../../checkout/utils/shopper-messages"
import { toCents } from "../../../utils/medusa-money"
import { deliveryStatementItem, taxCountryForFastCheckout } from "./delivery-country"

const CART_FIELDS = [
  "id",
  "currency_code",
  "completed_at",
  "total",
  "shipping_address.country_code",
  "region.payment_providers.id",
  "region.payment_providers.is_enabled",
  "items.id",
  "items.title",
  "items.product_title",
  "items.variant_title",
  "items.quantity",
  "items.original_total",
  "shipping_methods.name",
  "shipping_methods.original_total",
  "payment_collection.id",
  "payment_collection.amount",
  "payment_collection.payment_sessions.id",
  "payment_collection.payment_sessions.provider_id",
  "payment_collection.payment_sessions.amount",
  "payment_collection.payment_sessions.data",
]

export type LoadedCart = CartForFastCheckout & {
  completed_at?: string | Date | null
  shipping_address?: { country_code?: string | null } | null
  region?: { payment_providers?: Array<{ id: string; is_enabled?: boolean }> } | null
  payment_collection?: {
    id: string
    amount: number
    payment_sessions?: Array<{ id: string; provider_id: string; amount: number; data: Record<string, unknown> | null }>
  } | null
}

/** The cart with what Fast Checkout needs of it: lines, shipping, totals, region providers, payment collection. */
export function loadCartForFastCheckout(
  container: MedusaContainer,
  cartId: string,
  language: ShopperLanguage = "en"
): Promise<LoadedCart> {
  return loadOpenCart<LoadedCart>(container, cartId, CART_FIELDS, language)
}

/**
 * The cart's lines for Fast Checkout, computed here on the server from Medusa's own totals, ending with
 * the € 0.00 line that states the tax country on Tikkie's page (delivery-country.ts: no tax country, no
 * Fast Checkout).
 */
export function fastCheckoutCartInput(
  cart: LoadedCart,
  amount: number,
  language: ShopperLanguage = "en"
): FastCheckoutCartInput {
  const lines = fastCheckoutLinesFromCart(cart, toCents(amount))
  const taxCountry = taxCountryForFastCheckout(cart, language)
  return { cartId: cart.id, ...lines, items: [...lines.items, deliveryStatementItem(taxCountry, language)] }
}
