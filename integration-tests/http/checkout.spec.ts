/**
 * Fast Checkout and what stands around a checkout (the return route, the public hooks, the storefront
 * helper, Tikkie's read budget, the health card) in one Medusa app with the payment link provider registered too, as a
 * store that offers both has it: one boot for seven suites (integration-tests/helpers/store-suites.ts).
 */
import { runStoreSuites } from "../helpers/store-suites"
import checkoutAfterPayment from "./checkout-after-payment.suite"
import fastCheckout from "./fast-checkout.suite"
import fastCheckoutFaults from "./fast-checkout-faults.suite"
import health from "./health.suite"
import hooksAbuse from "./hooks-abuse.suite"
import storefrontHelper from "./storefront-helper.suite"
import tikkieReads from "./tikkie-reads.suite"

runStoreSuites({ requestTimeoutMs: 1_500, paymentRequestApp: true }, [
  // First: the health marks of calls are written once per state change or 30 s per process (health.suite.ts).
  health,
  fastCheckout,
  fastCheckoutFaults,
  checkoutAfterPayment,
  hooksAbuse,
  tikkieReads,
  storefrontHelper,
])
