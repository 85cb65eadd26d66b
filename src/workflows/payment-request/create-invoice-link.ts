import { createWorkflow, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { createInvoicePaymentRequestStep, type InvoiceLinkInput } from "./steps/create-invoice-payment-request"
import { recordInvoiceLinkStep } from "./steps/record-invoice-link"

export type { InvoiceLinkInput } from "./steps/create-invoice-payment-request"

export const createInvoicePaymentLinkWorkflowId = "tikkie-create-invoice-payment-link"

/**
 * A standalone link for an invoice outside Medusa's orders: recorded and followed, but it touches no
 * Medusa books. A failure after the request was made leaves its record cancelled, so a payment is still seen.
 */
export const createInvoicePaymentLinkWorkflow = createWorkflow(
  createInvoicePaymentLinkWorkflowId,
  (input: WorkflowData<InvoiceLinkInput>) => {
    const made = createInvoicePaymentRequestStep(input)
    const record = recordInvoiceLinkStep(made)
    return new WorkflowResponse(record)
  }
)
