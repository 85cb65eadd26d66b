import { createWorkflow, transform, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { FAST_CHECKOUT_CART_KEY, FastCheckoutSessionDataSchema } from "../../providers/fast-checkout/session-data"
import { startCheckoutSession, type CheckoutStartSpec } from "../checkout/utils/start-checkout-session"
import {
  checkFastCheckoutStartStep,
  prepareFastCheckoutStep,
  type CheckedFastCheckoutStart,
  type FastCheckoutStartInput,
  type PreparedFastCheckout,
  type StartedFastCheckout,
} from "./steps/prepare-fast-checkout"
import { recordFastCheckoutSessionStep } from "./steps/record-fast-checkout-session"

export type { FastCheckoutStartInput, StartedFastCheckout } from "./steps/prepare-fast-checkout"

export const startFastCheckoutWorkflowId = "tikkie-start-fast-checkout"

const fastCheckoutStart: CheckoutStartSpec<
  FastCheckoutStartInput,
  CheckedFastCheckoutStart,
  PreparedFastCheckout,
  StartedFastCheckout
> = {
  name: "fast-checkout",
  steps: "tikkie-fast-checkout",
  check: (input) => checkFastCheckoutStartStep(input),
  prepare: (input, checked, created) => prepareFastCheckoutStep({ input, checked, created }),
  sessionData: (prepared) => ({ [FAST_CHECKOUT_CART_KEY]: prepared.cartInput }),
  record: (session, prepared) =>
    recordFastCheckoutSessionStep(
      transform({ session, prepared }, ({ session, prepared }) => ({
        id: session.id,
        provider_id: prepared.providerId,
        data: session.data as Record<string, unknown>,
      }))
    ),
  started: (session) => {
    const data = FastCheckoutSessionDataSchema.parse(session.data)
    return { checkoutUrl: data.checkoutUrl, orderToken: data.orderToken, paymentSessionId: session.id }
  },
}

/**
 * Starts (or resumes) Fast Checkout for a cart (startCheckoutSession); a failure after the session undoes
 * it, the record stays (recordFastCheckoutSessionStep).
 */
export const startFastCheckoutWorkflow = createWorkflow(
  startFastCheckoutWorkflowId,
  (input: WorkflowData<FastCheckoutStartInput>) => {
    return new WorkflowResponse(startCheckoutSession(input, fastCheckoutStart))
  }
)

/** The same start for a workflow that has settled the cart's earlier payments itself (the express start). */
export const startSettledFastCheckoutWorkflow = createWorkflow(
  "tikkie-start-settled-fast-checkout",
  (input: WorkflowData<FastCheckoutStartInput>) => {
    return new WorkflowResponse(startCheckoutSession(input, { ...fastCheckoutStart, settleEarlier: false }))
  }
)
