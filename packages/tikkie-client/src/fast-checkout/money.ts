/**
 * Order amounts in integer cents. The Fast Checkout specification gives item prices, shipping and discount separately and
 * never a total, so the shop, the sandbox's checkout page and the validators compute it here, the same
 * way everywhere.
 */
export interface CentsItem {
  priceInCents: number
  quantity: number
}

export interface CentsOrder {
  items: ReadonlyArray<CentsItem>
  shippingCostsInCents: number
  discountInCents?: number | null
}

/** "Maximum combined price of all items in an order: 50,000 euro". */
export const MAX_ITEMS_TOTAL_IN_CENTS = 5_000_000

/**
 * Sum of priceInCents × quantity. Stops adding once past the maximum so that absurd inputs (a price of
 * 2^52 cents times a large quantity) cannot push the sum beyond the range where integers are exact:
 * the result is exact whenever it is at most MAX_ITEMS_TOTAL_IN_CENTS, and otherwise only known to
 * be above it.
 */
export function itemsTotalInCents(items: ReadonlyArray<CentsItem>): number {
  let total = 0
  for (const item of items) {
    total += item.priceInCents * item.quantity
    if (total > MAX_ITEMS_TOTAL_IN_CENTS) return Math.min(total, Number.MAX_SAFE_INTEGER)
  }
  return total
}

/**
 * The "total amount" the discount rule compares with (ERR_3100_005): items plus shipping. The Fast Checkout specification
 * says only that the discount is "subtracted from the order total", and shipping is part of what the
 * customer pays, so it counts.
 */
export function orderTotalInCents(order: CentsOrder): number {
  return itemsTotalInCents(order.items) + order.shippingCostsInCents
}

/** What the customer pays: items plus shipping minus discount. */
export function amountToPayInCents(order: CentsOrder): number {
  return orderTotalInCents(order) - (order.discountInCents ?? 0)
}

/** Formats cents as "12.34" for logs and messages, without floating point. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : ""
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`
}
