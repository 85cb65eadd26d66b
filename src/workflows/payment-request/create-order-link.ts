import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createOrderPaymentCollectionWorkflow, createPaymentSessionsWorkflow } from "@medusajs/medusa/core-flows"
import { fromCents, toCents } from "../../lib/medusa-money"
import { TIKKIE_MODULE } from "../../modules/tikkie"
import type TikkieModuleService from "../../modules/tikkie/service"
import { orderDescription } from "../../providers/payment-request/description"
import { PAYMENT_REQUEST_INPUT_KEY, PaymentRequestSessionDataSchema } from "../../providers/payment-request/session-data"
import { addDays, amsterdamDate } from "../../tikkie/payment-requests/v2/amsterdam-date"
import { paymentRequestProvider } from "./provider-options"
import { recordPayments, recordSessionPaymentRequest, type PaymentRequestRecord } from "./record-payment-request"
import { storeNameFor } from "./store-name"
import { ensureV1Setup } from "./v1-setup"

export interface OrderLinkInput {
  orderId: string
  /** Default: everything the order still owes that no open link asks for already. */
  amountInCents?: number
  description?: string
  /** yyyy-mm-dd; default today + the provider's linkExpiryDays. */
  expiryDate?: string
  providerId?: string
}

type LoadedOrder = {
  id: string
  display_id: number
  currency_code: string
  status: string
  summary?: { pending_difference?: BigNumberInput } | null
}

function euro(cents: number) {
  return `€${(cents / 100).toFixed(2)}`
}

/**
 * Creates a Tikkie link for what an order still owes (or a smaller amount), the way Medusa asks an
 * order for more money: an order payment collection (createOrderPaymentCollectionWorkflow) with a
 * session of the payment request provider. When the link is paid, the settlement runs Medusa's
 * processPaymentWorkflow on that session: the payment is captured and the order's outstanding amount
 * drops by what was paid.
 *
 * "Still owes" is the order summary's pending difference minus what open (unpaid, unexpired) links of
 * this order already ask for, so two admins cannot make the payer pay the same amount twice. One link
 * at a time per order, across store instances (locking module).
 */
export async function createOrderPaymentLink(container: MedusaContainer, input: OrderLinkInput): Promise<PaymentRequestRecord> {
  return container
    .resolve(Modules.LOCKING)
    .execute(`tikkie:payment-request:order:${input.orderId}`, () => createLocked(container, input), { timeout: 30 })
}

async function createLocked(container: MedusaContainer, input: OrderLinkInput): Promise<PaymentRequestRecord> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "display_id", "currency_code", "status", "summary.*"],
    filters: { id: input.orderId },
  })
  const order = data[0] as LoadedOrder | undefined
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${input.orderId} was not found.`)
  if (order.status === "canceled") throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Order #${order.display_id} is canceled.`)
  if (order.currency_code.toLowerCase() !== "eur") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Tikkie payment requests are in EUR only; order #${order.display_id} is in ${order.currency_code.toUpperCase()}.`)
  }
  const { providerId, options } = paymentRequestProvider(container, input.providerId)

  const owed = toCents(order.summary?.pending_difference ?? 0)
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const today = amsterdamDate(Date.now())
  const openLinks = (await tikkie.listPaymentRequests({ order_id: order.id, kind: "order", medusa_payment_id: null })).filter(
    (r) => r.status === "OPEN" && r.expiry_date >= today && !r.cancelled_at && recordPayments(r).length === 0
  )
  const asked = openLinks.reduce((s, r) => s + Number(r.amount_in_cents ?? 0), 0)
  const available = owed - asked
  if (owed <= 0) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Order #${order.display_id} owes nothing.`)
  if (available <= 0) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Order #${order.display_id} owes ${euro(owed)}, and open Tikkie links already ask for all of it (${openLinks.map((r) => r.url).join(", ")}).`
    )
  }
  const amountInCents = input.amountInCents ?? available
  if (amountInCents > available) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `amount_in_cents ${amountInCents} is more than order #${order.display_id} still owes without a link (${available} cents` +
        (asked ? `; open links ask for ${asked} of the ${owed} cents owed)` : ")")
    )
  }

  const description = input.description ?? orderDescription(await storeNameFor(container, options.storeName), order.display_id)
  const expiryDate = input.expiryDate ?? addDays(today, options.linkExpiryDays)
  if (options.apiVersion === "v1" && input.expiryDate) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "expiry_date cannot be set with Tikkie payment requests v1: a v1 link expires after 14 days.")
  }
  const v1 = options.apiVersion === "v1" ? await ensureV1Setup(container, providerId) : undefined
  const { result: collections } = await createOrderPaymentCollectionWorkflow(container).run({
    input: { order_id: order.id, amount: fromCents(amountInCents) },
  })
  const collection = collections[0]
  const { result: session } = await createPaymentSessionsWorkflow(container).run({
    input: {
      payment_collection_id: collection.id,
      provider_id: providerId,
      data: { [PAYMENT_REQUEST_INPUT_KEY]: { description, expiryDate, ...(v1 ? { v1 } : {}) } },
    },
  })
  PaymentRequestSessionDataSchema.parse(session.data)
  const record = await recordSessionPaymentRequest(
    container,
    { id: session.id, provider_id: providerId, payment_collection_id: collection.id, data: session.data },
    { kind: "order", orderId: order.id }
  )
  return record!
}
