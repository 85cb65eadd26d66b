import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { MedusaContainer } from "@medusajs/framework/types"
import { bankModule, requireBankOptions } from "../../../modules/tikkie-bank/bank-session"
import { hashConsentState } from "../../../modules/tikkie-bank/consent-state"
import { refuse, START_AGAIN, type CheckedConsentAnswer, type ConsentCallbackInput } from "../utils/consent-answer"

export const checkConsentAnswerStepId = "tikkie-check-consent-answer"

/** Uses up the single-use state and checks the answer. Not undone: a replay stays refused if a later step fails. */
export const checkConsentAnswerStep = createStep(
  checkConsentAnswerStepId,
  async (input: ConsentCallbackInput, { container }) => {
    return new StepResponse(await checkConsentAnswer(container, input))
  }
)

async function checkConsentAnswer(
  container: MedusaContainer,
  input: ConsentCallbackInput
): Promise<CheckedConsentAnswer> {
  const bank = bankModule(container)
  requireBankOptions(bank)
  if (!input.state)
    return refuse(400, "no_state", "Not connected", `The bank's answer carries no state. ${START_AGAIN}`)

  const state = await bank.consumeConsentState(hashConsentState(input.state))
  if (!state.ok) {
    const why = {
      unknown: "This consent answer does not belong to a connection this store started.",
      used: "This consent answer was already used; a consent link works once.",
      expired: "This consent request has expired (it lasts 15 minutes).",
    }[state.reason]
    return refuse(400, `state_${state.reason}`, "Not connected", `${why} ${START_AGAIN}`)
  }
  if (input.error) {
    const denied = input.error === "access_denied"
    return refuse(
      denied ? 200 : 400,
      denied ? "denied" : "bank_error",
      denied ? "Consent denied" : "Not connected",
      denied
        ? "The account holder denied consent; no bank account was connected."
        : `The bank answered ${input.error}; no bank account was connected. ${START_AGAIN}`,
      denied ? undefined : input.error
    )
  }
  if (!input.code)
    return refuse(400, "no_code", "Not connected", `The bank's answer carries no authorization code. ${START_AGAIN}`)
  return {
    ok: true,
    purpose: state.purpose,
    userId: state.userId,
    bank: state.bank,
    scopes: state.scopes,
    code: input.code,
  }
}
