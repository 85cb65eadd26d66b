/**
 * The plugin's payment provider names in one place, as Medusa's Stripe provider keeps its
 * `PaymentProviderKeys`. A store registers a provider under the payment module with an `id` of its own;
 * Medusa then names it `pp_{identifier}_{id}`, so every provider id of this plugin starts with one of the
 * prefixes below. Routes, validators, jobs and the admin test ids against these, never a typed-out string.
 *
 * No imports: the admin bundle reads it too.
 */
export const PaymentProviderKeys = {
  FAST_CHECKOUT: "tikkie-fast-checkout",
  PAYMENT_REQUEST: "tikkie-payment-request",
} as const
export type PaymentProviderKey = (typeof PaymentProviderKeys)[keyof typeof PaymentProviderKeys]

/** `pp_tikkie-fast-checkout_{id}`: every Fast Checkout provider a store registers. */
export const FAST_CHECKOUT_PROVIDER_PREFIX = `pp_${PaymentProviderKeys.FAST_CHECKOUT}_`
/** `pp_tikkie-payment-request_{id}`: every payment request provider (v2 or legacy v1) a store registers. */
export const PAYMENT_REQUEST_PROVIDER_PREFIX = `pp_${PaymentProviderKeys.PAYMENT_REQUEST}_`

export function isFastCheckoutProvider(providerId: string | undefined | null): boolean {
  return typeof providerId === "string" && providerId.startsWith(FAST_CHECKOUT_PROVIDER_PREFIX)
}

export function isPaymentRequestProvider(providerId: string | undefined | null): boolean {
  return typeof providerId === "string" && providerId.startsWith(PAYMENT_REQUEST_PROVIDER_PREFIX)
}
