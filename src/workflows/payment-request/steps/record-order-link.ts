import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { PaymentRequestSessionDataSchema } from "../../../providers/payment-request/session-data"
import { recordSessionPaymentRequest, type PaymentRequestRecord, type PaymentRequestSessionLike } from "../../../lib/payment-request/record-payment-request"

export const recordOrderLinkStepId = "tikkie-record-order-link"

/**
 * Keeps the plugin's record of the order link the session's payment request made.
 *
 * Undone by marking the record cancelled, not by deleting it: Tikkie payment requests cannot be closed
 * through the API (the link stays payable until the end of its expiry date), so a payer who still uses
 * the link must find a record, and a payment on a cancelled link is kept as a problem to refund.
 */
export const recordOrderLinkStep = createStep(
  recordOrderLinkStepId,
  async (input: { session: PaymentRequestSessionLike; orderId: string }, { container }) => {
    PaymentRequestSessionDataSchema.parse(input.session.data)
    const record = (await recordSessionPaymentRequest(container, input.session, { kind: "order", orderId: input.orderId })) as PaymentRequestRecord
    return new StepResponse(record, record.id)
  },
  async (recordId, { container }) => {
    if (!recordId) return
    await container.resolve<TikkieModuleService>(TIKKIE_MODULE).updatePaymentRequests({ id: recordId, cancelled_at: new Date() } as never)
  }
)
