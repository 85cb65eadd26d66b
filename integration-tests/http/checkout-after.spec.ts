/**
 * After the shopper paid, Fast Checkout and payment links: settling without the webhook, abused hooks, Tikkie's
 * reads and the storefront helper. One app for four suites, the same store as checkout.spec.ts.
 */
import { runStoreSuites } from "../helpers/store-suites"
import checkoutAfterPayment from "./checkout-after-payment.suite"
import hooksAbuse from "./hooks-abuse.suite"
import storefrontHelper from "./storefront-helper.suite"
import tikkieReads from "./tikkie-reads.suite"

runStoreSuites({ requestTimeoutMs: 1_500, paymentRequestApp: true }, [
  checkoutAfterPayment,
  hooksAbuse,
  tikkieReads,
  storefrontHelper,
])
