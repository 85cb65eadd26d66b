import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { matchBankPayoutsStep } from "./steps/match-bank-payouts"
import { recordExpectedPayoutsStep } from "./steps/record-expected-payouts"
import { storeBankTransactionsStep } from "./steps/store-bank-transactions"

const RECONCILE_LOCK = "tikkie:bank:reconcile"

export interface ReconcileSummary {
  /** First book date read (inclusive). */
  book_date_from: string
  transactions_read: number
  transactions_stored: number
  payouts_recorded: number
  matched_now: number
  /** Refunds owed marked refunded whose outgoing transfer was found now (workflows/tikkie-bank/utils/match-refunds-owed.ts). */
  refunds_matched_now: number
}

export const reconcileBankWorkflowId = "tikkie-reconcile-bank"

/**
 * One reconciliation run, for the scheduled job and `POST /admin/tikkie/reconciliation/run`: the new
 * transactions read and stored (storeBankTransactionsStep), the payouts the plugin expects recorded
 * (recordExpectedPayoutsStep), credits matched with them and debits with the refunds owed marked
 * refunded (matchBankPayoutsStep).
 *
 * One at a time across every store instance (a lock; a second caller waits up to five minutes for the
 * first and then finds nothing new; the lock's lease outlasts a long first run of 18 months of history).
 * A failure after the transactions were stored moves the sync mark back, so the next run reads those days
 * again; every write is idempotent, so a crash half-way is healed by the next run.
 */
export const reconcileBankWorkflow = createWorkflow(reconcileBankWorkflowId, () => {
  acquireLockStep({ key: RECONCILE_LOCK, timeout: 300, ttl: 900 })
  const read = storeBankTransactionsStep()
  const recorded = recordExpectedPayoutsStep()
  const matched = matchBankPayoutsStep()
  releaseLockStep({ key: RECONCILE_LOCK })
  return new WorkflowResponse(
    transform({ read, recorded, matched }, ({ read, recorded, matched }): ReconcileSummary => ({
      book_date_from: read.from,
      transactions_read: read.count,
      transactions_stored: read.stored,
      payouts_recorded: recorded,
      matched_now: matched.payouts,
      refunds_matched_now: matched.refunds,
    }))
  )
})
