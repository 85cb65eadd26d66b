/** The names a shop writes in its medusa-config and code; providers come from `medusa-plugin-tikkie/providers/*`. */
export { TIKKIE_MODULE } from "./modules/tikkie"
export { TIKKIE_BANK_MODULE } from "./modules/tikkie-bank"
export {
  PaymentProviderKeys,
  FAST_CHECKOUT_PROVIDER_PREFIX,
  isFastCheckoutProvider,
  PAYMENT_REQUEST_PROVIDER_PREFIX,
  isPaymentRequestProvider,
} from "./providers/provider-keys"
export type { FastCheckoutProviderOptions } from "./providers/fast-checkout/options"
export type { PaymentRequestProviderOptions } from "./providers/payment-request/options"
export type { TikkieBankOptions } from "./modules/tikkie-bank/options"
export type { TikkieModuleOptions } from "./modules/tikkie/options"
