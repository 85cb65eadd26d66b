import { createWorkflow, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { recordLinkRefundsStep } from "./steps/record-link-refunds"

export const recordLinkRefundsWorkflowId = "tikkie-record-link-refunds"

/**
 * After Medusa's refundPaymentWorkflow refunded a payment of a Tikkie link (`payment.refunded`), the
 * refund is written into the link's record at once, so `GET /admin/orders/:id/tikkie-payment-links` shows
 * it and the poll follows it until Tikkie pays it out, also when the REFUND notification is lost.
 *
 * Why after Medusa's workflow and not inside the provider's refundPayment: a payment provider runs in the
 * payment module's container, which holds neither the plugin's module nor the locking module; Medusa
 * emits `payment.refunded` once the refund is committed. Should this run be lost (a crash between the
 * two), the poll still finds the PENDING refund in the payment's data (jobs/poll-payment-requests.ts).
 */
export const recordLinkRefundsWorkflow = createWorkflow(
  recordLinkRefundsWorkflowId,
  (input: WorkflowData<{ paymentId: string }>) => {
    const result = recordLinkRefundsStep(input)
    return new WorkflowResponse(result)
  }
)
