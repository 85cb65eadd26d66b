/**
 * Payment links (v2) as a shopper and an admin use them, and their refunds, in one Medusa app. The links' workflows,
 * reminders, refunds owed, promotions and traces run beside it in payment-links-more.spec.ts (two apps, so the
 * run's lanes end together; integration-tests/helpers/store-suites.ts).
 */
import { runStoreSuites } from "../helpers/store-suites"
import paymentRequest from "./payment-request.suite"

runStoreSuites({ requestTimeoutMs: 1_500, paymentRequestApp: true }, [paymentRequest])
