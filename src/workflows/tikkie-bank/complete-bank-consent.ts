import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import type {
  CheckedConsentAnswer,
  ConsentCallbackInput,
  ConsentOutcome,
  ExchangedConsentCode,
  SealedConsentGrant,
} from "./utils/consent-answer"
import { scopeNames } from "../../modules/tikkie-bank/scopes"
import { checkConsentAnswerStep } from "./steps/check-consent-answer"
import { exchangeConsentCodeStep } from "./steps/exchange-consent-code"
import { replaceConsentGrantStep } from "./steps/replace-consent-grant"

export type { ConsentCallbackInput, ConsentOutcome } from "./utils/consent-answer"

export const completeBankConsentWorkflowId = "tikkie-complete-bank-consent"

/**
 * Step 2 of connecting the bank account (or v1's scope pay): the bank's redirect back. Tokens pass between
 * steps only sealed to their row, so the engine's stored state (Redis) holds no more than the database.
 */
export const completeBankConsentWorkflow = createWorkflow(
  completeBankConsentWorkflowId,
  (input: WorkflowData<ConsentCallbackInput>) => {
    const answer = checkConsentAnswerStep(input)
    const exchanged = when("tikkie-consent-answer-accepted", { answer }, ({ answer }) => answer.ok).then(() =>
      exchangeConsentCodeStep(answer as WorkflowData<Extract<CheckedConsentAnswer, { ok: true }>>)
    )
    const grant = transform({ exchanged }, ({ exchanged }) => (exchanged?.ok ? exchanged.grant : undefined))
    when("tikkie-consent-code-exchanged", { grant }, ({ grant }) => !!grant).then(() => {
      replaceConsentGrantStep(grant as WorkflowData<SealedConsentGrant>)
    })
    return new WorkflowResponse(transform({ answer, exchanged }, consentOutcome))
  }
)

function consentOutcome({
  answer,
  exchanged,
}: {
  answer: CheckedConsentAnswer
  exchanged?: ExchangedConsentCode
}): ConsentOutcome {
  if (!answer.ok) return { ok: false, ...answer.refusal }
  if (!exchanged) throw new Error("the consent code was not exchanged")
  if (!exchanged.ok) return { ok: false, ...exchanged.refusal }
  const grant = exchanged.grant
  if (grant.purpose === "pay") return { ok: true, purpose: "pay" }
  return { ok: true, purpose: "bank", accountNumber: grant.account_number, scopes: scopeNames(grant.scopes) }
}
