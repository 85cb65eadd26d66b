import { createWorkflow, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import type { SettlePaymentRequestInput } from "./utils/settle-outcome"
import { settlePaymentRequestStep } from "./steps/settle-payment-request"

export type { PaymentRequestOutcome, SettlePaymentRequestInput } from "./utils/settle-outcome"

export const settlePaymentRequestWorkflowId = "tikkie-settle-payment-request"

/**
 * Settles a Tikkie payment request with what Tikkie reports, whoever asks: the notification's subscriber,
 * the return route, the poll job, a new checkout of the same cart. A paid checkout link becomes exactly
 * one order; a paid order link captures its payment; an invoice link records its payments; a payment
 * beyond the first becomes a refund owed. See settlePaymentRequestStep.
 */
export const settlePaymentRequestWorkflow = createWorkflow(
  settlePaymentRequestWorkflowId,
  (input: WorkflowData<SettlePaymentRequestInput>) => {
    return new WorkflowResponse(settlePaymentRequestStep(input))
  }
)
