/**
 * The bank account (account information: consent over mutual TLS, balance, transactions, payout and
 * refund reconciliation) in one Medusa app with no Tikkie payment provider configured: one boot for four
 * suites (integration-tests/helpers/store-suites.ts), the plugin's own module among them. Payouts are
 * overdue after 2 bank days here, so that the reconciliation suite can show one.
 */
import { useTikkieBankSandbox } from "../helpers/tikkie-bank-env"
import { runSuiteGroup } from "../helpers/store-suites"
import pluginLoads from "./plugin-loads.suite"
import refundsOwedReconciliation from "./refunds-owed-reconciliation.suite"
import tikkieBank from "./tikkie-bank.suite"
import tikkieReconciliation from "./tikkie-reconciliation.suite"

const bankEnv = useTikkieBankSandbox({ overdueAfterBankDays: 2 })

runSuiteGroup({ bankEnv }, [pluginLoads, tikkieBank, tikkieReconciliation, refundsOwedReconciliation])
