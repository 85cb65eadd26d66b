import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { TIKKIE_MODULE } from "../../modules/tikkie"
import type TikkieModuleService from "../../modules/tikkie/service"
import { toMedusaError } from "../../providers/shared/tikkie-medusa-error"
import { addDays, amsterdamDate } from "../../tikkie/payment-requests/v2/amsterdam-date"
import { paymentRequestsClient } from "./provider-options"
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
  const { client, providerId, options } = paymentRequestsClient(container, input.providerId)
  if (options.apiVersion === "v1") {
    await client.close()
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `${providerId} uses Tikkie payment requests v1: standalone invoice links are made with v2 only (links for orders work with v1).`
    )
  }
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
  } finally {
    await client.close()
  }
}
