/**
 * After the shopper paid, Fast Checkout and payment links: settling without the webhook (its tests wait out
 * Tikkie's read interval) and abused hooks. One app for two suites, the same store as checkout.spec.ts.
 */
import { runStoreSuites } from "../helpers/store-suites"
import checkoutAfterPayment from "./checkout-after-payment.suite"
import hooksAbuse from "./hooks-abuse.suite"

runStoreSuites({ requestTimeoutMs: 1_500, paymentRequestApp: true }, [checkoutAfterPayment, hooksAbuse])
