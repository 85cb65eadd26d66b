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
  /** Refunds owed whose outgoing transfer was found now. */
  refunds_matched_now: number
}

export const reconcileBankWorkflowId = "tikkie-reconcile-bank"

/**
 * One reconciliation run at a time across instances (its lock outlasts a first run of 18 months). Every
 * write is idempotent and a failure moves the sync mark back, so the next run heals a crash half-way.
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
