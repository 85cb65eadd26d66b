import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { Bank } from "tikkie-client/account-information"
import { bankModule, requireBankOptions } from "../../../modules/tikkie-bank/bank-session"
import { createConsentRequest } from "../../../modules/tikkie-bank/consent-request"
import { BANK_SCOPES, type BankScopeName } from "../../../modules/tikkie-bank/scopes"

export const createBankConsentRequestStepId = "tikkie-create-bank-consent-request"

export interface BankConnectInput {
  userId: string
  scopes: BankScopeName[]
  bank: Bank
  /** The admin's language, for the callback page after the bank's consent page. */
  language?: "nl" | "en"
}

/** A consent request for the admin's scopes. Undone: the state goes, so its consent URL leads nowhere. */
export const createBankConsentRequestStep = createStep(
  createBankConsentRequestStepId,
  async (input: BankConnectInput, { container }) => {
    const bank = bankModule(container)
    const options = requireBankOptions(bank)
    const scopes = [...new Set(input.scopes)]
    const started = await createConsentRequest(bank, options, {
      userId: input.userId,
      bank: input.bank,
      scopes: scopes.map((s) => BANK_SCOPES[s]),
      purpose: "bank",
      language: input.language,
    })
    return new StepResponse(
      { consent_url: started.consent_url, bank: input.bank, scopes, expires_at: started.expires_at },
      started.state_id
    )
  },
  async (stateId, { container }) => {
    if (stateId) await bankModule(container).deleteBankConsentStates(stateId)
  }
)
