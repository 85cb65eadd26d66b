import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { exchangeConsentCode, type CheckedConsentAnswer } from "../../../lib/tikkie-bank/complete-bank-consent"

export const exchangeConsentCodeStepId = "tikkie-exchange-consent-code"

/**
 * Exchanges the authorization code over mutual TLS (and reads which account was consented to); answers
 * the grant with its tokens already sealed to the row they will be stored in, so no token passes between
 * steps in the clear. Not undone: the code is spent at the bank, and nothing is stored yet.
 */
export const exchangeConsentCodeStep = createStep(
  exchangeConsentCodeStepId,
  async (answer: Extract<CheckedConsentAnswer, { ok: true }>, { container }) => {
    return new StepResponse(await exchangeConsentCode(container, answer))
  }
)
