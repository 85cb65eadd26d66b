import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { checkConsentAnswer, type ConsentCallbackInput } from "../../../lib/tikkie-bank/complete-bank-consent"

export const checkConsentAnswerStepId = "tikkie-check-consent-answer"

/**
 * Uses up the consent's single-use state and checks what the bank sent back with it
 * (lib/tikkie-bank/complete-bank-consent.ts). Not undone: a state is used up by its first arrival,
 * whatever follows, so a replay of the same redirect is refused even when this attempt fails later.
 */
export const checkConsentAnswerStep = createStep(
  checkConsentAnswerStepId,
  async (input: ConsentCallbackInput, { container }) => {
    return new StepResponse(await checkConsentAnswer(container, input))
  }
)
