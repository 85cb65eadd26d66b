import { characterLength, DESCRIPTION_MAX_LENGTH, REFERENCE_ID_PATTERN } from "tikkie-client/payment-requests/v2/rules"

/**
 * Texts the payer reads on Tikkie's payment page and on their bank statement. Tikkie allows at most 35
 * characters (counted as the payer sees them, so "€" is one): whatever is too long is cut with "…"
 * rather than refused, because a shopper must never be unable to pay for a long store name.
 */
export function fitDescription(text: string): string {
  const clean = text.replace(/\s+/g, " ").trim()
  if (characterLength(clean) <= DESCRIPTION_MAX_LENGTH) return clean
  return (
    [...clean]
      .slice(0, DESCRIPTION_MAX_LENGTH - 1)
      .join("")
      .trimEnd() + "…"
  )
}

/**
 * A checkout link: the store's name and what is in the cart, e.g. "Tikkie Demo Winkel, 4 items".
 * The store name is cut first, so the item count (the part that tells two orders apart) survives.
 */
export function checkoutDescription(storeName: string, itemCount: number): string {
  const tail = itemCount > 0 ? `, ${itemCount} item${itemCount === 1 ? "" : "s"}` : " order"
  const room = DESCRIPTION_MAX_LENGTH - characterLength(tail)
  const name =
    characterLength(storeName) > room
      ? [...storeName]
          .slice(0, room - 1)
          .join("")
          .trimEnd() + "…"
      : storeName
  return fitDescription(`${name}${tail}`)
}

/** A link for what an order still owes: "Tikkie Demo Winkel order #12". */
export function orderDescription(storeName: string, displayId: number | string): string {
  const tail = ` order #${displayId}`
  const room = DESCRIPTION_MAX_LENGTH - characterLength(tail)
  const name =
    characterLength(storeName) > room
      ? [...storeName]
          .slice(0, room - 1)
          .join("")
          .trimEnd() + "…"
      : storeName
  return fitDescription(`${name}${tail}`)
}

/**
 * "Refund 2: Tikkie Demo Winkel, 4 items": numbered, so a payer with two refunds can tell them apart.
 * When that is too long, the part of the payment's description before its first comma (the store's
 * name) is kept whole rather than cutting the item count in half.
 */
export function refundDescription(number: number, paymentDescription: string): string {
  const full = `Refund ${number}: ${paymentDescription}`
  if (characterLength(full) <= DESCRIPTION_MAX_LENGTH) return full
  const head = paymentDescription.split(",")[0]
  return fitDescription(`Refund ${number}: ${head}`)
}

/** A referenceId, or nothing when the value does not fit Tikkie's alphabet (it is optional). */
export function asReferenceId(value: string | undefined): string | undefined {
  return value && REFERENCE_ID_PATTERN.test(value) ? value : undefined
}
