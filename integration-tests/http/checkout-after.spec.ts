/** After the payment (waits out read intervals) and abused hooks: one app, the same store as checkout.spec.ts. */
import { runStoreSuites } from "../helpers/store-suites"
import checkoutAfterPayment from "./checkout-after-payment.suite"
import hooksAbuse from "./hooks-abuse.suite"

runStoreSuites({ requestTimeoutMs: 1_500, paymentRequestApp: true }, [checkoutAfterPayment, hooksAbuse])
