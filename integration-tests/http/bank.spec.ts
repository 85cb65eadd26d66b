/**
 * The bank account (account information: consent over mutual TLS, balance, transactions, payout and
 * refund reconciliation) in one Medusa app: one boot for three suites
 * (integration-tests/helpers/store-suites.ts). Payouts are overdue after 2 bank days here, so that
 * the reconciliation suite can show one.
 */
import { useTikkieBankSandbox } from "../helpers/tikkie-bank-env"
import { runSuiteGroup } from "../helpers/store-suites"
import refundsOwedReconciliation from "./refunds-owed-reconciliation.suite"
import tikkieBank from "./tikkie-bank.suite"
import tikkieReconciliation from "./tikkie-reconciliation.suite"

const bankEnv = useTikkieBankSandbox({ overdueAfterBankDays: 2 })

runSuiteGroup({ bankEnv }, [tikkieBank, tikkieReconciliation, refundsOwedReconciliation])
