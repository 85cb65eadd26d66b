import { characterLength, DESCRIPTION_MAX_LENGTH, REFERENCE_ID_PATTERN } from "tikkie-client/payment-requests/v2/rules"

/**
 * Texts on Tikkie's page and the bank statement: at most 35 characters, cut with "…" rather than
 * refused, so a long store name never stops a payment.
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

/** Cut to leave room for the tail that tells two payments apart. */
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

/** "Tikkie Demo Winkel, 4 items": the store name is cut first, so the item count survives. */
export function checkoutDescription(
  storeName: string,
  itemCount: number,
  language: DescriptionLanguage = "en"
): string {
  const words = WORDS[language]
  return nameWith(storeName, itemCount > 0 ? words.items(itemCount) : words.order)
}

export function orderDescription(
  storeName: string,
  displayId: number | string,
  language: DescriptionLanguage = "en"
): string {
  return nameWith(storeName, WORDS[language].orderNumber(displayId))
}

/** Only descriptions the plugin wrote tell a language; an admin's text reads as English. */
export function descriptionLanguage(description: string): DescriptionLanguage {
  return /(?:, \d+ artikel(?:en)?| bestelling(?: #\S+)?)$/.test(description.trim()) ? "nl" : "en"
}

/**
 * "Refund 2: Tikkie Demo Winkel, 4 items", in the payment description's language. When too long, an
 * order link's keeps its order number, any other the store name before the first comma.
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

/** Nothing when the value does not fit Tikkie's alphabet (it is optional). */
export function asReferenceId(value: string | undefined): string | undefined {
  return value && REFERENCE_ID_PATTERN.test(value) ? value : undefined
}
