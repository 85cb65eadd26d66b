import React from "react"

// As the starter's src/lib/constants.tsx: how each payment provider is named in the checkout.
const CreditCard = () => <span aria-hidden>💳</span>

/* Map of payment provider_id to their title and icon. Add in any payment providers you want to use. */
export const paymentInfoMap: Record<string, { title: string; icon: React.JSX.Element }> = {
  pp_system_default: {
    title: "Manual Payment",
    icon: <CreditCard />,
  },
  "pp_tikkie-fast-checkout_tikkie": {
    title: "Tikkie",
    icon: <CreditCard />,
  },
  "pp_tikkie-payment-request_tikkie": {
    title: "Tikkie payment link",
    icon: <CreditCard />,
  },
}

// This only checks if it is native stripe or medusa payments for card payments, it ignores the other stripe-based providers
export const isStripeLike = (providerId?: string) => {
  return providerId?.startsWith("pp_stripe_") || providerId?.startsWith("pp_medusa-")
}
export { isFastCheckoutProvider as isTikkieFastCheckout, isPaymentRequestProvider as isTikkieLink } from "medusa-plugin-tikkie/storefront"

export const isManual = (providerId?: string) => {
  return providerId?.startsWith("pp_system_default")
}
