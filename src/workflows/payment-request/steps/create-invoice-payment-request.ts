import { generateEntityId } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { v1ExpiryDateRefused, v1ExternalId } from "../../../providers/payment-request/v1"
import { v1MedusaError } from "../../../providers/payment-request/v1-errors"
import { toMedusaError } from "../../../providers/shared/tikkie-medusa-error"
import { V1_PAYMENT_REQUEST_EXPIRY_DAYS } from "tikkie-client/payment-requests/v1"
import { addDays, amsterdamDate } from "tikkie-client/payment-requests/v2/amsterdam-date"
import { paymentRequestConnection } from "../utils/payment-request-providers"
import { ensureV1Setup } from "../utils/v1-setup"

export interface InvoiceLinkInput {
  /** Leave out for an open amount: the payer chooses. */
  amountInCents?: number
  description: string
  referenceId?: string
  expiryDate?: string
  providerId?: string
  /** Whom reminders of the unpaid link go to (payment-link-reminders.ts), and in which language. */
  payerEmail?: string
  payerLanguage?: "nl" | "en"
}

/** The payment request Tikkie made, as the plugin records it. */
export interface InvoicePaymentRequest {
  payment_request_token: string
  provider_id: string
  url: string
  description: string
  reference_id: string | null
  amount_in_cents: number | null
  expiry_date: string
  status: string
  metadata: Record<string, unknown> | null
  payer_email: string | null
  payer_language: "nl" | "en" | null
}

export const createInvoicePaymentRequestStepId = "tikkie-create-invoice-payment-request"

/**
 * Makes the invoice link's payment request at Tikkie, with payment requests v2 or, for a provider on the
 * legacy API, v1: made under the stored platform, user and bank account (set up on first use), kept with
 * them in `metadata` so the poll can read it. v1 differences, refused or filled in clearly: no expiry date
 * (a v1 request lives 14 days), and `externalId` is mandatory (the reference, or one made from a fresh id
 * when the admin gave none; at most 35 characters).
 *
 * Undone by keeping it in sight: a payment request cannot be closed through the API, so a later failure
 * leaves a record of it marked cancelled (made here if the record step never ran), and a payment on it
 * is kept as a problem to refund instead of going unseen.
 */
export const createInvoicePaymentRequestStep = createStep(
  createInvoicePaymentRequestStepId,
  async (input: InvoiceLinkInput, { container }) => {
    const provider = await paymentRequestConnection(container, input.providerId)
    let made: InvoicePaymentRequest
    const payer = {
      payer_email: input.payerEmail ?? null,
      payer_language: input.payerEmail ? (input.payerLanguage ?? "nl") : null,
    }
    if (provider.options.apiVersion === "v1") {
      if (input.expiryDate) throw v1ExpiryDateRefused()
      const tokens = await ensureV1Setup(container, provider.providerId)
      const externalId = v1ExternalId(input.referenceId ?? generateEntityId(undefined, "inv"))
      const client = provider.v1Client()
      try {
        const created = await client.createPaymentRequest(
          tokens.platformToken,
          tokens.userToken,
          tokens.bankAccountToken,
          {
            currency: "EUR",
            description: input.description,
            externalId,
            ...(input.amountInCents !== undefined ? { amountInCents: String(input.amountInCents) } : {}),
          }
        )
        made = {
          payment_request_token: created.paymentRequestToken,
          provider_id: provider.providerId,
          url: created.paymentRequestUrl,
          description: input.description,
          reference_id: created.externalId ?? externalId,
          amount_in_cents: input.amountInCents ?? null,
          expiry_date: addDays(amsterdamDate(Date.now()), V1_PAYMENT_REQUEST_EXPIRY_DAYS),
          status: "OPEN",
          metadata: { v1: tokens },
          ...payer,
        }
      } catch (e) {
        throw v1MedusaError(e, "Creating the Tikkie payment link (v1) failed")
      }
    } else {
      const { client, providerId, options } = provider
      const expiryDate = input.expiryDate ?? addDays(amsterdamDate(Date.now()), options.linkExpiryDays)
      try {
        const created = await client.createPaymentRequest({
          description: input.description,
          expiryDate,
          ...(input.amountInCents !== undefined ? { amountInCents: input.amountInCents } : {}),
          ...(input.referenceId !== undefined ? { referenceId: input.referenceId } : {}),
        })
        made = {
          payment_request_token: created.paymentRequestToken,
          provider_id: providerId,
          url: created.url,
          description: created.description,
          reference_id: created.referenceId ?? null,
          amount_in_cents: created.amountInCents ?? null,
          expiry_date: created.expiryDate ?? expiryDate,
          status: created.status,
          metadata: null,
          ...payer,
        }
      } catch (e) {
        throw toMedusaError(e, "Creating the Tikkie payment link failed")
      }
    }
    return new StepResponse(made, made)
  },
  async (made, { container }) => {
    if (!made) return
    const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
    const [recorded] = await tikkie.listPaymentRequests({ payment_request_token: made.payment_request_token })
    if (recorded) {
      if (!recorded.cancelled_at) await tikkie.updatePaymentRequests({ id: recorded.id, cancelled_at: new Date() })
      return
    }
    await tikkie.createPaymentRequests({ ...made, kind: "invoice", payments: { items: [] }, cancelled_at: new Date() })
  }
)
