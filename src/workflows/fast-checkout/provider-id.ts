/** Every Fast Checkout provider registered by a store has an id of this form: pp_tikkie-fast-checkout_{id}. */
export const FAST_CHECKOUT_PROVIDER_PREFIX = "pp_tikkie-fast-checkout_"

export function isFastCheckoutProvider(providerId: string | undefined | null): boolean {
  return typeof providerId === "string" && providerId.startsWith(FAST_CHECKOUT_PROVIDER_PREFIX)
}
