// `medusa-plugin-tikkie/storefront`: typed helpers on `@medusajs/js-sdk`, safe in a client component.
export {
  startTikkieFastCheckout,
  startTikkiePaymentLink,
  type TikkieStoreClient,
  type TikkieStartOptions,
  type StoreTikkieFastCheckoutResponse,
  type StoreTikkiePaymentRequestResponse,
} from "./start-checkout"
export {
  getTikkieExpressShipping,
  startTikkieExpressCheckout,
  tikkieExpressShippingText,
  type TikkieExpressOptions,
  type TikkieExpressShipping,
  type StoreTikkieExpressShippingResponse,
  type StoreTikkieExpressCheckoutResponse,
} from "./express-checkout"
export { tikkieLanguage, type TikkieLanguage } from "./language"
export { tikkieLabels, type TikkieLabels } from "./labels"
export {
  TikkieStoreError,
  tikkieStoreError,
  type TikkieStoreErrorCode,
  type TikkieStoreErrorResult,
} from "./store-error"
export {
  readTikkieReturn,
  tikkieReturnMessage,
  tikkieReturnRouteUrl,
  type TikkieReturnState,
  type TikkieNotPaidStatus,
  type TikkieReturnKind,
} from "./return-state"
/** Which payment sessions are Tikkie's: `pp_tikkie-fast-checkout_{id}`, `pp_tikkie-payment-request_{id}`. */
export {
  isFastCheckoutProvider,
  isPaymentRequestProvider,
  FAST_CHECKOUT_PROVIDER_PREFIX,
  PAYMENT_REQUEST_PROVIDER_PREFIX,
} from "../providers/provider-keys"
