import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import type { PaymentRequestRecord } from "../utils/record-payment-request"
import type { InvoicePaymentRequest } from "./create-invoice-payment-request"

export const recordInvoiceLinkStepId = "tikkie-record-invoice-link"

/**
 * Records an invoice link so its payments are followed (notification, poll) and listed. Undone by
 * marking the record cancelled, never by deleting it: the link stays payable at Tikkie until it expires.
 */
export const recordInvoiceLinkStep = createStep(
  recordInvoiceLinkStepId,
  async (made: InvoicePaymentRequest, { container }) => {
    const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
    const record: PaymentRequestRecord = await tikkie.createPaymentRequests({
      ...made,
      kind: "invoice",
      payments: { items: [] },
    })
    return new StepResponse(record, record.id)
  },
  async (recordId, { container }) => {
    if (!recordId) return
    await container
      .resolve<TikkieModuleService>(TIKKIE_MODULE)
      .updatePaymentRequests({ id: recordId, cancelled_at: new Date() })
  }
)
