/**
 * Payment links (v2), refunds owed and promotions in one Medusa app: one boot for four suites
 * (integration-tests/helpers/store-suites.ts).
 */
import { runStoreSuites } from "../helpers/store-suites"
import paymentRequest from "./payment-request.suite"
import paymentRequestWorkflows from "./payment-request-workflows.suite"
import promotions from "./promotions.suite"
import refundsOwed from "./refunds-owed.suite"

runStoreSuites({ requestTimeoutMs: 1_500, paymentRequestApp: true }, [
  paymentRequest,
  paymentRequestWorkflows,
  promotions,
  refundsOwed,
])
