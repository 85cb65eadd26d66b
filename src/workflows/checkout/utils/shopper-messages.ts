/** The Store API's 409 texts for shoppers, in Dutch and English; anything but Dutch gets English. */
export type ShopperLanguage = "nl" | "en"

export interface ShopperMessages {
  cartCompleted: string
  paidAsOrder: (orderId: string) => string
  /** The admin has it; the shopper must not pay again. */
  paidNotPlaced: string
  /** Tikkie unreachable, or another instance settling it. */
  confirming: string
}

export const SHOPPER_MESSAGES: Record<ShopperLanguage, ShopperMessages> = {
  en: {
    cartCompleted: "This cart has already become an order. There is nothing more to pay.",
    paidAsOrder: (orderId) =>
      `This cart has already been paid with Tikkie and is now order ${orderId}. There is nothing more to pay.`,
    paidNotPlaced:
      "Your Tikkie payment for this cart has been received, but the order could not be created automatically. " +
      "The shop has been told and will contact you; please do not pay again.",
    confirming:
      "We are still confirming an earlier Tikkie payment for this cart. Please wait a moment and reload the page; do not pay again.",
  },
  nl: {
    cartCompleted: "Van deze winkelwagen is al een bestelling gemaakt. Er valt niets meer te betalen.",
    paidAsOrder: (orderId) =>
      `Deze winkelwagen is al met Tikkie betaald en is nu bestelling ${orderId}. Er valt niets meer te betalen.`,
    paidNotPlaced:
      "We hebben je Tikkie-betaling voor deze winkelwagen ontvangen, maar de bestelling kon niet automatisch worden aangemaakt. " +
      "De winkel is op de hoogte en neemt contact met je op; betaal niet opnieuw.",
    confirming:
      "We bevestigen nog een eerdere Tikkie-betaling voor deze winkelwagen. Wacht even en laad de pagina opnieuw; betaal niet opnieuw.",
  },
}

/** Medusa's resolved locale (`x-medusa-locale`, `?locale=`) first, then `Accept-Language`. */
export function shopperLanguage(locale?: string | null, acceptLanguage?: string | null): ShopperLanguage {
  const first = (locale ?? "").trim() || (acceptLanguage ?? "").split(",")[0]?.split(";")[0]?.trim() || ""
  return /^nl(?:$|[-_])/i.test(first) ? "nl" : "en"
}
