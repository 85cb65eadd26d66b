import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { PaymentRequestSessionDataSchema } from "../../../providers/payment-request/session-data"
import {
  recordSessionPaymentRequest,
  type PaymentRequestRecord,
  type PaymentRequestSessionLike,
  type SessionRecordExtra,
} from "../utils/record-payment-request"

export const recordSessionLinkStepId = "tikkie-record-session-link"

/**
 * Recorded before the payer is sent to the link. Undone by marking it cancelled, not deleting: the link
 * stays payable at Tikkie, and a payment on it must find a record (kept as a problem to refund).
 */
export const recordSessionLinkStep = createStep(
  recordSessionLinkStepId,
  async (input: { session: PaymentRequestSessionLike; extra: SessionRecordExtra }, { container }) => {
    PaymentRequestSessionDataSchema.parse(input.session.data)
    const record = (await recordSessionPaymentRequest(container, input.session, input.extra)) as PaymentRequestRecord
    return new StepResponse(record, record.id)
  },
  async (recordId, { container }) => {
    if (!recordId) return
    await container
      .resolve<TikkieModuleService>(TIKKIE_MODULE)
      .updatePaymentRequests({ id: recordId, cancelled_at: new Date() })
  }
)
