/** Fast Checkout, its faults and reads, express and the storefront helper: one app; checkout-after.spec.ts beside it. */
import { useFileEnv } from "../helpers/file-env"
import { runStoreSuites } from "../helpers/store-suites"
import expressCheckout, { SHOPS_EXPRESS_CHOICE } from "./express-checkout.suite"
import fastCheckout from "./fast-checkout.suite"
import fastCheckoutFaults from "./fast-checkout-faults.suite"
import health from "./health.suite"
import storefrontHelper from "./storefront-helper.suite"
import tikkieReads from "./tikkie-reads.suite"

// The shop's express shipping choice, a type code only the express suite gives an option.
const setEnv = useFileEnv()
setEnv("TIKKIE_EXPRESS_SHIPPING_OPTIONS", SHOPS_EXPRESS_CHOICE)

runStoreSuites({ requestTimeoutMs: 1_500, paymentRequestApp: true }, [
  // First: a call's health mark is written once per state change or 30 s per process (health.suite.ts).
  health,
  fastCheckout,
  fastCheckoutFaults,
  tikkieReads,
  storefrontHelper,
  expressCheckout,
])
