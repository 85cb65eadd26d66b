import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { recordFastCheckoutSession, type FastCheckoutSessionLike } from "../utils/record-session"

export const recordFastCheckoutSessionStepId = "tikkie-record-fast-checkout-session"

/**
 * Keeps the plugin's record of the Fast Checkout order a payment session made, before the shopper is sent
 * to its checkoutUrl: the orderToken cannot be fetched from Tikkie later.
 *
 * Not undone: Tikkie has no cancel operation, so the checkout page stays payable until the order expires,
 * and the record is what lets a payment made on it be settled or kept as a problem instead of going unseen.
 */
export const recordFastCheckoutSessionStep = createStep(
  recordFastCheckoutSessionStepId,
  async (session: FastCheckoutSessionLike, { container }) => {
    const record = await recordFastCheckoutSession(container, session)
    return new StepResponse(record ?? null)
  }
)
