import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { prepareIbanRequest } from "../utils/iban-request"
import type { IbanRequestLanguage } from "../utils/iban-request-message"
import { codedAdminRefusal } from "../../../utils/admin-error"

export const prepareIbanRequestStepId = "tikkie-prepare-iban-request"

export interface PrepareIbanRequestInput {
  id: string
  language: IbanRequestLanguage
  via: "email" | "mailto"
}

/**
 * The e-mail asking the payer for their IBAN, checked for the way it goes: sent by the store only when it
 * has an e-mail provider and the payer's e-mail is known (else the admin opens it in a mail program).
 */
export const prepareIbanRequestStep = createStep(
  prepareIbanRequestStepId,
  async (input: PrepareIbanRequestInput, { container }) => {
    const request = await prepareIbanRequest(container, input.id, input.language)
    if (input.via === "email") {
      if (!request.can_send) {
        throw codedAdminRefusal(
          "tikkie_no_email_provider",
          "This store has no e-mail provider in Medusa's notification module (a provider for the email channel): open the e-mail in your mail program instead."
        )
      }
      if (!request.to)
        throw codedAdminRefusal(
          "tikkie_payer_without_email",
          "Tikkie gave no e-mail address for this payer: ask them another way."
        )
    }
    return new StepResponse(request)
  }
)
