/** The bank on plain HTTP (the demo's set-up) and v1 on the admin's OAuth: one app; v1 first, it counts calls. */
import { usePaymentRequestV1OAuth } from "../helpers/payment-request-v1-oauth-env"
import { runSuiteGroup } from "../helpers/store-suites"
import paymentRequestV1OAuth from "./payment-request-v1-oauth.suite"
import tikkieBankDemoSetup from "./tikkie-bank-demo-setup.suite"

const bankEnv = usePaymentRequestV1OAuth()

runSuiteGroup({ bankEnv }, [paymentRequestV1OAuth, tikkieBankDemoSetup])
