/** Settings no other group has, in one app: Medusa's Postgres locking, and v1 configured with a Belgian IBAN. */
import { useFileEnv } from "../helpers/file-env"
import { usePaymentRequestV1 } from "../helpers/payment-request-v1-env"
import { runSuiteGroup } from "../helpers/store-suites"
import { useTikkieSandbox } from "../helpers/tikkie-sandbox-env"
import paymentRequestV1Rules, { BELGIAN_IBAN } from "./payment-request-v1-rules.suite"
import returnSlotsPostgresLocking from "./return-slots-postgres-locking.suite"

const tikkie = useTikkieSandbox({ requestTimeoutMs: 1_500 })
const v1 = usePaymentRequestV1(tikkie, { iban: BELGIAN_IBAN })
const set = useFileEnv()
beforeAll(() => set("MEDUSA_LOCKING", "postgres"))

runSuiteGroup({ tikkie, v1 }, [returnSlotsPostgresLocking, paymentRequestV1Rules])
