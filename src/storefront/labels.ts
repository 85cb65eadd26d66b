// The Tikkie buttons' words, Dutch and English, as the return messages name them ("press 'I have paid'").
import type { TikkieLanguage } from "./language"

/** The review step's buttons (`payWithTikkie`, `payWithLink`), the cart's express button, the link's two. */
export interface TikkieLabels {
  payWithTikkie: string
  fastCheckout: string
  payWithLink: string
  openPaymentPage: string
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
