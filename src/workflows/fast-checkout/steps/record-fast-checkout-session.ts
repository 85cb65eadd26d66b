import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { recordFastCheckoutSession, type FastCheckoutSessionLike } from "../utils/record-session"

export const recordFastCheckoutSessionStepId = "tikkie-record-fast-checkout-session"

/**
 * Recorded before the redirect, as the orderToken cannot be fetched later. Not undone: Tikkie cannot
 * cancel the checkout, and the record lets a payment on it be settled or kept as a problem.
 */
export const recordFastCheckoutSessionStep = createStep(
  recordFastCheckoutSessionStepId,
  async (session: FastCheckoutSessionLike, { container }) => {
    const record = await recordFastCheckoutSession(container, session)
    return new StepResponse(record ?? null)
  }
)
