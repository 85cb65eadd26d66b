import { createWorkflow, transform, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import {
  PAYMENT_REQUEST_INPUT_KEY,
  PaymentRequestSessionDataSchema,
} from "../../providers/payment-request/session-data"
import { startCheckoutSession } from "../checkout/utils/start-checkout-session"
import {
  checkLinkCheckoutStep,
  prepareLinkCheckoutStep,
  type CheckedLinkCheckout,
  type LinkCheckoutInput,
  type PreparedLinkCheckout,
  type StartedPaymentRequest,
} from "./steps/prepare-link-checkout"
import { recordSessionLinkStep } from "./steps/record-session-link"

export type { LinkCheckoutInput, StartedPaymentRequest } from "./steps/prepare-link-checkout"

export const startPaymentRequestCheckoutWorkflowId = "tikkie-start-payment-request-checkout"

/**
 * Starts (or resumes) paying a cart by payment link (startCheckoutSession); a failure after the session
 * undoes it and leaves the record cancelled (recordSessionLinkStep).
 */
export const startPaymentRequestCheckoutWorkflow = createWorkflow(
  startPaymentRequestCheckoutWorkflowId,
  (input: WorkflowData<LinkCheckoutInput>) => {
    const started = startCheckoutSession<
      LinkCheckoutInput,
      CheckedLinkCheckout,
      PreparedLinkCheckout,
      StartedPaymentRequest
    >(input, {
      name: "payment-request",
      steps: "tikkie-link-checkout",
      check: (input) => checkLinkCheckoutStep(input),
      prepare: (input, checked) => prepareLinkCheckoutStep({ input, checked }),
      sessionData: (prepared) => ({ [PAYMENT_REQUEST_INPUT_KEY]: prepared.sessionInput }),
      record: (session, prepared) =>
        recordSessionLinkStep(
          transform({ session, prepared }, ({ session, prepared }) => ({
            session: {
              id: session.id,
              provider_id: prepared.providerId,
              payment_collection_id: prepared.collectionId,
              data: session.data as Record<string, unknown>,
            },
            extra: prepared.extra,
          }))
        ),
      started: (session) => {
        const data = PaymentRequestSessionDataSchema.parse(session.data)
        return { paymentUrl: data.url, paymentRequestToken: data.paymentRequestToken, paymentSessionId: session.id }
      },
    })
    return new WorkflowResponse(started)
  }
)
