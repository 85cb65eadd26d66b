/** The bank account and reconciliation in one app with no Tikkie payment provider; payouts overdue after 2 bank days. */
import { useTikkieBankSandbox } from "../helpers/tikkie-bank-env"
import { runSuiteGroup } from "../helpers/store-suites"
import bankHealth from "./bank-health.suite"
import pluginLoads from "./plugin-loads.suite"
import refundsOwedReconciliation from "./refunds-owed-reconciliation.suite"
import tikkieBank from "./tikkie-bank.suite"
import tikkieReconciliation from "./tikkie-reconciliation.suite"

const bankEnv = useTikkieBankSandbox({ overdueAfterBankDays: 2 })

// The health card first (bank-health.suite.ts).
runSuiteGroup({ bankEnv }, [bankHealth, pluginLoads, tikkieBank, tikkieReconciliation, refundsOwedReconciliation])
