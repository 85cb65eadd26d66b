/** Kept for existing imports; the names live in providers/provider-keys.ts. */
export { FAST_CHECKOUT_PROVIDER_PREFIX, isFastCheckoutProvider } from "../../providers/provider-keys"
