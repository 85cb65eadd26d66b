import { createWorkflow, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { recordLinkRefundsStep } from "./steps/record-link-refunds"

export const recordLinkRefundsWorkflowId = "tikkie-record-link-refunds"

/**
 * Writes a Medusa refund of a link into its record on `payment.refunded`, so the poll follows it also
 * when the REFUND notification is lost. Not in the provider: its container lacks the plugin's module
 * and the locking module.
 */
export const recordLinkRefundsWorkflow = createWorkflow(
  recordLinkRefundsWorkflowId,
  (input: WorkflowData<{ paymentId: string }>) => {
    const result = recordLinkRefundsStep(input)
    return new WorkflowResponse(result)
  }
)
