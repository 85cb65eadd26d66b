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
 * Keeps the plugin's record of the link a payment session's payment request made (a checkout link or an
 * order link), before the shopper or customer is sent to it.
 *
 * Undone by marking the record cancelled, not by deleting it: Tikkie payment requests cannot be closed
 * through the API (the link stays payable until the end of its expiry date), so a payer who still uses
 * the link must find a record, and a payment on a cancelled link is kept as a problem to refund.
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
