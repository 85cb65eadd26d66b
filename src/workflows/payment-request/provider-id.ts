/** Every payment request provider registered by a store has an id of this form: pp_tikkie-payment-request_{id}. */
export const PAYMENT_REQUEST_PROVIDER_PREFIX = "pp_tikkie-payment-request_"

export function isPaymentRequestProvider(providerId: string | undefined | null): boolean {
  return typeof providerId === "string" && providerId.startsWith(PAYMENT_REQUEST_PROVIDER_PREFIX)
}
