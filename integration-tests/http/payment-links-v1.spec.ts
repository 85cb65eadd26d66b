/**
 * A store with both payment request providers, v2 and the legacy v1 (a merchant moving from one to the
 * other): v1 end to end, and a link paid twice on either. One boot for both suites
 * (integration-tests/helpers/store-suites.ts).
 */
import { usePaymentRequestV1 } from "../helpers/payment-request-v1-env"
import { runStoreSuites } from "../helpers/store-suites"
import paymentRequestSecondPayment from "./payment-request-second-payment.suite"
import paymentRequestV1 from "./payment-request-v1.suite"

runStoreSuites(
  { requestTimeoutMs: 1_500, paymentRequestApp: true, beforeBoot: (tikkie) => usePaymentRequestV1(tikkie) },
  [paymentRequestV1, paymentRequestSecondPayment]
)
