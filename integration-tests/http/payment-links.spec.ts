/** Payment links (v2) for shoppers and admins, and their refunds: one app; payment-links-more.spec.ts beside it. */
import { runStoreSuites } from "../helpers/store-suites"
import paymentRequest from "./payment-request.suite"

runStoreSuites({ requestTimeoutMs: 1_500, paymentRequestApp: true }, [paymentRequest])
