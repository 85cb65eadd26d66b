import type { BigNumberInput } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { toCents } from "../../utils/medusa-money"
import { formatCents, MAX_ITEMS_TOTAL_IN_CENTS } from "tikkie-client/fast-checkout/money"

/** Amounts in major units, including tax: Fast Checkout shows what the shopper pays. */
export interface CartForFastCheckout {
  id: string
  currency_code: string
  total: BigNumberInput
  items?: Array<{
    id: string
    title?: string | null
    product_title?: string | null
    variant_title?: string | null
    quantity: BigNumberInput
    original_total: BigNumberInput
  }> | null
  shipping_methods?: Array<{
    name?: string | null
    original_total: BigNumberInput
  }> | null
}

export interface FastCheckoutLines {
  items: Array<{ itemName: string; priceInCents: number; quantity: number }>
  shippingCostsInCents: number
  discountInCents: number
  totalInCents: number
}

/** The most the rounding of the lines to whole cents may move the discount (one cent a line). */
const ITEM_NAME_MAX = 100

/**
 * Maps a cart so that `sum(priceInCents × quantity) + shippingCostsInCents − discountInCents` equals
 * `amountInCents` exactly: a line whose total does not divide into whole cents is split in two, and the
 * discount is derived (promotions, gift cards and store credit alike), absorbing Medusa's sub-cent
 * rounding. Refuses (NOT_ALLOWED) a non-EUR or empty cart, nothing left to pay, or totals that do not add up.
 */
export function fastCheckoutLinesFromCart(cart: CartForFastCheckout, amountInCents: number): FastCheckoutLines {
  if (cart.currency_code.toLowerCase() !== "eur") {
    throw notAllowed(
      `Tikkie Fast Checkout takes payments in EUR only; this cart is in ${cart.currency_code.toUpperCase()}.`
    )
  }
  const lines = (cart.items ?? []).filter((i) => toCents(i.quantity) > 0)
  if (!lines.length) throw notAllowed("The cart is empty: add a product before paying with Tikkie.")

  const items: FastCheckoutLines["items"] = []
  let itemsInCents = 0
  for (const line of lines) {
    const quantity = wholeQuantity(line.quantity)
    const lineCents = toCents(line.original_total)
    if (lineCents < 0) throw notAllowed(`Line "${itemName(line)}" has a negative total.`)
    const unit = Math.floor(lineCents / quantity)
    const remainder = lineCents - unit * quantity
    const name = itemName(line)
    if (remainder > 0) items.push({ itemName: name, priceInCents: unit + 1, quantity: remainder })
    if (quantity - remainder > 0) items.push({ itemName: name, priceInCents: unit, quantity: quantity - remainder })
    itemsInCents += lineCents
  }
  if (itemsInCents > MAX_ITEMS_TOTAL_IN_CENTS) {
    throw notAllowed(
      `Tikkie Fast Checkout accepts at most €${formatCents(MAX_ITEMS_TOTAL_IN_CENTS)} of items in one order; this cart has €${formatCents(itemsInCents)}.`
    )
  }
  const shippingCostsInCents = (cart.shipping_methods ?? []).reduce((sum, m) => sum + toCents(m.original_total), 0)
  const discountInCents = itemsInCents + shippingCostsInCents - amountInCents

  if (amountInCents <= 0) {
    throw notAllowed("Nothing to pay: the discounts cover the whole cart, so Tikkie is not needed for this order.")
  }
  if (discountInCents < 0) {
    throw notAllowed(
      `The cart's lines (${itemsInCents + shippingCostsInCents} cents) add up to less than the amount to pay ` +
        `(${amountInCents} cents); refresh the cart and try again.`
    )
  }
  return { items, shippingCostsInCents, discountInCents, totalInCents: amountInCents }
}

function wholeQuantity(q: BigNumberInput): number {
  const cents = toCents(q)
  if (cents % 100 !== 0) throw notAllowed("Fast Checkout needs whole quantities.")
  return cents / 100
}

function itemName(line: NonNullable<CartForFastCheckout["items"]>[number]): string {
  const product = line.product_title?.trim() || line.title?.trim() || "Item"
  const variant = line.variant_title?.trim()
  const name =
    variant && variant !== product && variant.toLowerCase() !== "default variant" ? `${product} - ${variant}` : product
  return name.length > ITEM_NAME_MAX ? `${name.slice(0, ITEM_NAME_MAX - 1)}…` : name
}

function notAllowed(message: string): MedusaError {
  return new MedusaError(MedusaError.Types.NOT_ALLOWED, message)
}
