import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { setPayerIbanStep } from "./steps/set-payer-iban"

export interface RecordPayerIbanInput {
  id: string
  iban: string
  account_holder?: string
}

export const recordPayerIbanWorkflowId = "tikkie-record-payer-iban"

/**
 * Keeps the IBAN a payer sent for their refund owed. Under the refund owed's lock, the one "mark
 * refunded" takes, so an account is never changed while the refund is being marked paid to it.
 */
export const recordPayerIbanWorkflow = createWorkflow(
  recordPayerIbanWorkflowId,
  (input: WorkflowData<RecordPayerIbanInput>) => {
    const lockKey = transform({ input }, ({ input }) => `tikkie:refund-owed:${input.id}`)
    acquireLockStep({ key: lockKey, timeout: 30, ttl: 60 })
    const updated = setPayerIbanStep(
      transform({ input }, ({ input }) => ({ id: input.id, iban: input.iban, accountHolder: input.account_holder }))
    )
    releaseLockStep({ key: lockKey })
    return new WorkflowResponse(updated)
  }
)
