import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  settlePaymentRequest,
  type SettlePaymentRequestInput,
} from "../../../lib/payment-request/settle-payment-request"

export const settlePaymentRequestStepId = "tikkie-settle-payment-request-step"

/**
 * The plugin's one settlement of a payment request (lib/payment-request/settle-payment-request.ts):
 * under the request's lock, Tikkie read, the record and the Medusa payment's data updated, a paid
 * checkout link's cart completed or an order link's payment captured, further payments recorded as
 * refunds owed; answers the outcome.
 *
 * One step, because the lock spans all of it (see settleFastCheckoutOrderStep). Not undone when a later
 * step fails: a captured payment for money received must stay captured, and every write converges on
 * what Tikkie reports.
 */
export const settlePaymentRequestStep = createStep(
  settlePaymentRequestStepId,
  async (input: SettlePaymentRequestInput, { container }) => {
    return new StepResponse(await settlePaymentRequest(container, input))
  }
)
