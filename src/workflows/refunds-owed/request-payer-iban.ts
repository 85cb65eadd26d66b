import { sendNotificationsStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { EMAIL_CHANNEL } from "./utils/email-notifications"
import type { IbanRequestLanguage } from "./utils/iban-request-message"
import { prepareIbanRequestStep } from "./steps/prepare-iban-request"
import { setIbanRequestedStep } from "./steps/set-iban-requested"

export interface RequestPayerIbanInput {
  id: string
  language: IbanRequestLanguage
  /** `email`: the store sends it (Medusa's notification module); `mailto`: the admin sent it from a mail program. */
  via: "email" | "mailto"
  actor_id: string
}

export const requestPayerIbanWorkflowId = "tikkie-request-payer-iban"

/** The template id a shop's e-mail provider sees; the plain-text content goes along for providers that send it as is. */
export const IBAN_REQUEST_TEMPLATE = "tikkie-refund-iban-request"

/**
 * Asks the payer of a refund owed for their IBAN (Tikkie's Fast Checkout gives none): records the
 * request (who, when, how), then, for `email`, sends the prepared e-mail through Medusa's notification
 * module with `sendNotificationsStep`, as Medusa's own flows send theirs. The record comes first: a send
 * that fails takes it back; a sent e-mail cannot be taken back, so nothing runs after it.
 */
export const requestPayerIbanWorkflow = createWorkflow(
  requestPayerIbanWorkflowId,
  (input: WorkflowData<RequestPayerIbanInput>) => {
    const request = prepareIbanRequestStep(
      transform({ input }, ({ input }) => ({ id: input.id, language: input.language, via: input.via }))
    )
    const recorded = setIbanRequestedStep(
      transform({ input }, ({ input }) => ({ id: input.id, actorId: input.actor_id, via: input.via }))
    )
    when("tikkie-iban-request-by-email", { input }, ({ input }) => input.via === "email").then(() => {
      sendNotificationsStep(
        transform({ request }, ({ request }) => [
          {
            to: request.to!,
            channel: EMAIL_CHANNEL,
            template: IBAN_REQUEST_TEMPLATE,
            content: { subject: request.subject, text: request.text },
            data: {
              subject: request.subject,
              text: request.text,
              language: request.language,
              refund_owed_id: request.refund_owed_id,
            },
            trigger_type: "tikkie.refund_owed.iban_requested",
            resource_id: request.refund_owed_id,
            resource_type: "tikkie_refund_owed",
          },
        ])
      )
    })
    return new WorkflowResponse(recorded)
  }
)
