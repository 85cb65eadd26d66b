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

/** The payer's language for these texts (see payerLanguage in the workflows). */
export type DescriptionLanguage = "nl" | "en"

const WORDS = {
  en: {
    items: (n: number) => `, ${n} item${n === 1 ? "" : "s"}`,
    order: " order",
    orderNumber: (id: number | string) => ` order #${id}`,
    refund: (n: number) => `Refund ${n}: `,
  },
  nl: {
    items: (n: number) => `, ${n} ${n === 1 ? "artikel" : "artikelen"}`,
    order: " bestelling",
    orderNumber: (id: number | string) => ` bestelling #${id}`,
    refund: (n: number) => `Terugbetaling ${n}: `,
  },
} satisfies Record<DescriptionLanguage, unknown>

/** The store's name, cut with "…" to leave room for the tail that tells two payments apart. */
function nameWith(storeName: string, tail: string): string {
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
 * A checkout link: the store's name and what is in the cart, e.g. "Tikkie Demo Winkel, 4 items" or
 * "Tikkie Demo Winkel, 4 artikelen". The store name is cut first, so the item count (the part that tells
 * two orders apart) survives.
 */
export function checkoutDescription(
  storeName: string,
  itemCount: number,
  language: DescriptionLanguage = "en"
): string {
  const words = WORDS[language]
  return nameWith(storeName, itemCount > 0 ? words.items(itemCount) : words.order)
}

/** A link for what an order still owes: "Tikkie Demo Winkel order #12", "Tikkie Demo Winkel bestelling #12". */
export function orderDescription(
  storeName: string,
  displayId: number | string,
  language: DescriptionLanguage = "en"
): string {
  return nameWith(storeName, WORDS[language].orderNumber(displayId))
}

/**
 * The language a payment's description was written in, when the plugin wrote it (the tails above); a
 * description an admin typed (an invoice link's) says nothing, and its refunds read in English.
 */
export function descriptionLanguage(description: string): DescriptionLanguage {
  return /(?:, \d+ artikel(?:en)?| bestelling(?: #\S+)?)$/.test(description.trim()) ? "nl" : "en"
}

/**
 * "Refund 2: Tikkie Demo Winkel, 4 items", "Terugbetaling 2: Tikkie Demo Winkel, 4 artikelen": numbered,
 * so a payer with two refunds can tell them apart, in the language of the payment's description. When
 * that is too long, an order link's refund keeps its order number ("Terugbetaling 1: bestelling #12"),
 * any other keeps the part before its first comma (the store's name) rather than half an item count.
 */
export function refundDescription(
  number: number,
  paymentDescription: string,
  language: DescriptionLanguage = descriptionLanguage(paymentDescription)
): string {
  const head = WORDS[language].refund(number)
  const full = `${head}${paymentDescription}`
  if (characterLength(full) <= DESCRIPTION_MAX_LENGTH) return full
  const orderNumber = / ((?:order|bestelling) #\S+)$/.exec(paymentDescription.trim())
  if (orderNumber) return fitDescription(`${head}${orderNumber[1]}`)
  return fitDescription(`${head}${paymentDescription.split(",")[0]}`)
}

/** A referenceId, or nothing when the value does not fit Tikkie's alphabet (it is optional). */
export function asReferenceId(value: string | undefined): string | undefined {
  return value && REFERENCE_ID_PATTERN.test(value) ? value : undefined
}
