/**
 * `medusa-plugin-tikkie`: the names a shop writes in its medusa-config and code. The plugin itself is
 * loaded by Medusa from `plugins: [{ resolve: "medusa-plugin-tikkie" }]`; the providers from
 * `medusa-plugin-tikkie/providers/*`; operations from `medusa-plugin-tikkie/workflows`; the framework-free
 * clients from the `tikkie-client` package.
 *
 * ```ts
 * import type { FastCheckoutProviderOptions } from "medusa-plugin-tikkie"
 * ```
 */
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
