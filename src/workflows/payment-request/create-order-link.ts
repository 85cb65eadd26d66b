import type { BigNumberInput, IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, MedusaError, Modules, PaymentCollectionStatus } from "@medusajs/framework/utils"
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
import { v1ExpiryDateRefused } from "../../providers/payment-request/v1"
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
    throw v1ExpiryDateRefused()
  }
  const v1 = options.apiVersion === "v1" ? await ensureV1Setup(container, providerId) : undefined
  // Medusa's order totals carry more decimals than a cent (6.95 + 21 % VAT = 8.4095). A link for all that
  // is still owed asks the payer for the rounded cents but books the exact rest, so once it is paid the
  // order owes exactly nothing (not €0.0005 either way) and reads "captured", as after Medusa's own checkout.
  // (The workflow takes a number; Medusa turns it into its BigNumber through the decimal string.)
  const collectionAmount =
    amountInCents === available
      ? MathBN.sub(MathBN.convert(order.summary?.pending_difference ?? 0), fromCents(asked)).toNumber()
      : fromCents(amountInCents)
  const collection = await collectionForLink(container, order.id, collectionAmount)
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

/**
 * The payment collection the link's session goes into. An order edit that raises the total makes Medusa
 * add an unpaid collection for the difference; a link for that money uses it (its amount set to the
 * link's), so the order does not keep an unpaid collection next to the paid link and read "partially
 * captured" for ever. A collection that already has sessions (another link) is never taken over.
 */
async function collectionForLink(container: MedusaContainer, orderId: string, amount: number): Promise<{ id: string }> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["payment_collections.id", "payment_collections.status", "payment_collections.payment_sessions.id"],
    filters: { id: orderId },
  })
  const collections = ((data[0] as { payment_collections?: OrderCollection[] } | undefined)?.payment_collections ?? []).filter(Boolean)
  const unused = collections.find((c) => c.status === PaymentCollectionStatus.NOT_PAID && !(c.payment_sessions ?? []).length)
  if (unused) {
    await container.resolve<IPaymentModuleService>(Modules.PAYMENT).updatePaymentCollections(unused.id, { amount })
    return { id: unused.id }
  }
  const { result } = await createOrderPaymentCollectionWorkflow(container).run({ input: { order_id: orderId, amount } })
  return result[0]
}

type OrderCollection = { id: string; status: string; payment_sessions?: Array<{ id: string }> | null }
