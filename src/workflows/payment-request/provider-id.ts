/** Kept for existing imports; the names live in providers/provider-keys.ts. */
export { PAYMENT_REQUEST_PROVIDER_PREFIX, isPaymentRequestProvider } from "../../providers/provider-keys"
