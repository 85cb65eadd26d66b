/**
 * The plugin's provider names, as Stripe's provider keeps `PaymentProviderKeys`; Medusa names a provider
 * `pp_{identifier}_{id}`, so ids are tested against the prefixes below. No imports: the admin reads it too.
 */
export const PaymentProviderKeys = {
  FAST_CHECKOUT: "tikkie-fast-checkout",
  PAYMENT_REQUEST: "tikkie-payment-request",
} as const
export type PaymentProviderKey = (typeof PaymentProviderKeys)[keyof typeof PaymentProviderKeys]

export const FAST_CHECKOUT_PROVIDER_PREFIX = `pp_${PaymentProviderKeys.FAST_CHECKOUT}_`
export const PAYMENT_REQUEST_PROVIDER_PREFIX = `pp_${PaymentProviderKeys.PAYMENT_REQUEST}_`

export function isFastCheckoutProvider(providerId: string | undefined | null): boolean {
  return typeof providerId === "string" && providerId.startsWith(FAST_CHECKOUT_PROVIDER_PREFIX)
}

export function isPaymentRequestProvider(providerId: string | undefined | null): boolean {
  return typeof providerId === "string" && providerId.startsWith(PAYMENT_REQUEST_PROVIDER_PREFIX)
}
