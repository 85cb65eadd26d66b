/**
 * The words of the Tikkie buttons in a storefront, in Dutch and English: the return messages name them
 * (“press ‘I have paid’”), so a storefront that uses these says the same as the messages.
 *
 * Browser-safe: no Node built-ins, no Medusa server code.
 */
import type { TikkieLanguage } from "./language"

export interface TikkieLabels {
  /** The review step's button for Fast Checkout. */
  payWithTikkie: string
  /** The cart's express button: Fast Checkout without the checkout's steps. */
  fastCheckout: string
  /** The review step's button for a payment link. */
  payWithLink: string
  /** Opens the link's payment page (in a new tab: it has no way back). */
  openPaymentPage: string
  /** Asks the store whether the link has been paid (the link's return route). */
  iHavePaid: string
}

const LABELS: Record<TikkieLanguage, TikkieLabels> = {
  en: {
    payWithTikkie: "Pay with Tikkie",
    fastCheckout: "Fast checkout with Tikkie",
    payWithLink: "Pay with a Tikkie link",
    openPaymentPage: "Open Tikkie's payment page",
    iHavePaid: "I have paid",
  },
  nl: {
    payWithTikkie: "Betalen met Tikkie",
    fastCheckout: "Snel afrekenen met Tikkie",
    payWithLink: "Betalen met een Tikkie-link",
    openPaymentPage: "Open de betaalpagina van Tikkie",
    iHavePaid: "Ik heb betaald",
  },
}

export function tikkieLabels(language: TikkieLanguage = "en"): TikkieLabels {
  return LABELS[language]
}
