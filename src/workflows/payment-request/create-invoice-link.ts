import type { MedusaContainer } from "@medusajs/framework/types"
import { generateEntityId } from "@medusajs/framework/utils"
import { TIKKIE_MODULE } from "../../modules/tikkie"
import type TikkieModuleService from "../../modules/tikkie/service"
import { toMedusaError } from "../../providers/shared/tikkie-medusa-error"
import { addDays, amsterdamDate } from "../../tikkie/payment-requests/v2/amsterdam-date"
import { v1ExpiryDateRefused, v1ExternalId } from "../../providers/payment-request/v1"
import { v1MedusaError } from "../../providers/payment-request/v1-errors"
import { V1_PAYMENT_REQUEST_EXPIRY_DAYS } from "../../tikkie/payment-requests/v1"
import {
  paymentRequestProvider,
  paymentRequestsClient,
  paymentRequestsV1Client,
  type ConfiguredPaymentRequestProvider,
} from "./provider-options"
import { ensureV1Setup } from "./v1-setup"
import type { PaymentRequestRecord } from "./record-payment-request"

export interface InvoiceLinkInput {
  /** Leave out for an open amount: the payer chooses. */
  amountInCents?: number
  description: string
  referenceId?: string
  expiryDate?: string
  providerId?: string
}

/**
 * A standalone link for an invoice outside Medusa's orders (a phone order, a B2B invoice): a payment
 * request with a fixed or an open amount, recorded so its payments are followed (notification, poll)
 * and listed. It has no Medusa payment; Medusa's books are not touched when it is paid.
 */
export async function createInvoicePaymentLink(container: MedusaContainer, input: InvoiceLinkInput): Promise<PaymentRequestRecord> {
  const provider = paymentRequestProvider(container, input.providerId)
  if (provider.options.apiVersion === "v1") return createV1InvoicePaymentLink(container, provider, input)
  const { client, providerId, options } = paymentRequestsClient(container, provider.providerId)
  const expiryDate = input.expiryDate ?? addDays(amsterdamDate(Date.now()), options.linkExpiryDays)
  try {
    const created = await client.createPaymentRequest({
      description: input.description,
      expiryDate,
      ...(input.amountInCents !== undefined ? { amountInCents: input.amountInCents } : {}),
      ...(input.referenceId !== undefined ? { referenceId: input.referenceId } : {}),
    })
    const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
    return await tikkie.createPaymentRequests({
      payment_request_token: created.paymentRequestToken,
      kind: "invoice",
      provider_id: providerId,
      url: created.url,
      description: created.description,
      reference_id: created.referenceId ?? null,
      amount_in_cents: created.amountInCents ?? null,
      expiry_date: created.expiryDate ?? expiryDate,
      status: created.status,
      payments: { items: [] },
    } as never)
  } catch (e) {
    throw toMedusaError(e, "Creating the Tikkie payment link failed")
  }
}

/**
 * The same link with legacy payment requests v1: made under the stored platform, user and bank account
 * (set up on first use), kept with them in `metadata` so the poll can read it. v1 differences, refused
 * or filled in clearly: no expiry date (a v1 request lives 14 days), and `externalId` is mandatory (the
 * reference, or one made from the record's id when the admin gave none; at most 35 characters).
 */
async function createV1InvoicePaymentLink(
  container: MedusaContainer,
  provider: ConfiguredPaymentRequestProvider,
  input: InvoiceLinkInput
): Promise<PaymentRequestRecord> {
  if (input.expiryDate) throw v1ExpiryDateRefused()
  const tokens = await ensureV1Setup(container, provider.providerId)
  const externalId = v1ExternalId(input.referenceId ?? generateEntityId(undefined, "inv"))
  const client = paymentRequestsV1Client(container, provider)
  try {
    const created = await client.createPaymentRequest(tokens.platformToken, tokens.userToken, tokens.bankAccountToken, {
      currency: "EUR",
      description: input.description,
      externalId,
      ...(input.amountInCents !== undefined ? { amountInCents: String(input.amountInCents) } : {}),
    })
    const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
    return await tikkie.createPaymentRequests({
      payment_request_token: created.paymentRequestToken,
      kind: "invoice",
      provider_id: provider.providerId,
      url: created.paymentRequestUrl,
      description: input.description,
      reference_id: created.externalId ?? externalId,
      amount_in_cents: input.amountInCents ?? null,
      expiry_date: addDays(amsterdamDate(Date.now()), V1_PAYMENT_REQUEST_EXPIRY_DAYS),
      status: "OPEN",
      payments: { items: [] },
      metadata: { v1: tokens },
    } as never)
  } catch (e) {
    throw v1MedusaError(e, "Creating the Tikkie payment link (v1) failed")
  }
}
