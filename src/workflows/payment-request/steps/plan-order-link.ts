import type { BigNumberInput } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { fromCents } from "../../../utils/medusa-money"
import { orderDescription } from "../../../providers/payment-request/description"
import { v1ExpiryDateRefused } from "../../../providers/payment-request/v1"
import { addDays, amsterdamDate } from "tikkie-client/payment-requests/v2/amsterdam-date"
import { paymentRequestProvider } from "../utils/payment-request-providers"
import { orderLinkRoom } from "../utils/order-link-room"
import { storeNameFor } from "../utils/store-name"
import { ensureV1Setup } from "../utils/v1-setup"
import { moneyText } from "../../../utils/money-text"
import { CURRENT_ORDER_SUMMARY_FIELDS } from "../../utils/order-summary"
import { TikkieAdminError } from "../../../utils/admin-error"
import { payerLanguage } from "../../utils/payer-language"

export interface OrderLinkInput {
  orderId: string
  /** Default: what the order still owes that no open link asks for already. */
  amountInCents?: number
  description?: string
  expiryDate?: string
  providerId?: string
}

export interface OrderLinkPlan {
  orderId: string
  providerId: string
  collectionAmount: number
  description: string
  expiryDate: string
  v1?: Awaited<ReturnType<typeof ensureV1Setup>>
}

type LoadedOrder = {
  id: string
  display_id: number
  currency_code: string
  status: string
  locale?: string | null
  shipping_address?: { country_code?: string | null } | null
  summary?: { pending_difference?: BigNumberInput } | null
}

/** For API clients' English message; the admin words refusals from the code and values. */
const euro = (cents: number) => moneyText(cents, "eur", "en")

export const planOrderLinkStepId = "tikkie-plan-order-link"

/**
 * Checks the order and works out the link's amount, description and expiry; changes nothing (the v1
 * setup it may run is per store and stays). Open links' amounts are subtracted from what is owed, so two
 * admins cannot make the payer pay twice (the workflow holds the order's lock).
 */
export const planOrderLinkStep = createStep(planOrderLinkStepId, async (input: OrderLinkInput, { container }) => {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "display_id",
      "currency_code",
      "status",
      "locale",
      "shipping_address.country_code",
      ...CURRENT_ORDER_SUMMARY_FIELDS,
    ],
    filters: { id: input.orderId },
  })
  const order = data[0] as LoadedOrder | undefined
  if (!order) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${input.orderId} was not found.`)
  const about = { display_id: order.display_id, currency_code: order.currency_code.toLowerCase() }
  if (order.status === "canceled")
    throw new TikkieAdminError(
      MedusaError.Types.NOT_ALLOWED,
      "tikkie_order_canceled",
      `Order #${order.display_id} is canceled.`,
      about
    )
  if (order.currency_code.toLowerCase() !== "eur") {
    throw new TikkieAdminError(
      MedusaError.Types.NOT_ALLOWED,
      "tikkie_order_not_eur",
      `Tikkie payment requests are in EUR only; order #${order.display_id} is in ${order.currency_code.toUpperCase()}.`,
      about
    )
  }
  const { providerId, options } = await paymentRequestProvider(container, input.providerId)

  const today = amsterdamDate(Date.now())
  const {
    owedInCents: owed,
    askedInCents: asked,
    availableInCents: available,
    openLinks,
  } = await orderLinkRoom(container, order)
  const amounts = { ...about, owed_in_cents: owed, asked_in_cents: asked, open_links: openLinks.length }
  if (owed <= 0)
    throw new TikkieAdminError(
      MedusaError.Types.NOT_ALLOWED,
      "tikkie_order_owes_nothing",
      `Order #${order.display_id} owes nothing.`,
      amounts
    )
  if (available <= 0) {
    throw new TikkieAdminError(
      MedusaError.Types.NOT_ALLOWED,
      "tikkie_order_links_ask_all",
      `Order #${order.display_id} owes ${euro(owed)}, and open Tikkie links already ask for all of it (${openLinks.map((r) => r.url).join(", ")}).`,
      amounts
    )
  }
  const amountInCents = input.amountInCents ?? available
  if (amountInCents > available) {
    throw new TikkieAdminError(
      MedusaError.Types.INVALID_DATA,
      "tikkie_order_link_amount_too_high",
      `amount_in_cents: ${euro(amountInCents)} is more than order #${order.display_id} still owes without a link (${euro(available)}` +
        (asked ? `; open links ask for ${euro(asked)} of the ${euro(owed)} owed)` : ")"),
      { ...amounts, amount_in_cents: amountInCents, available_in_cents: available }
    )
  }

  const description =
    input.description ??
    orderDescription(
      await storeNameFor(container, options.storeName),
      order.display_id,
      payerLanguage({ locales: [order.locale], countryCode: order.shipping_address?.country_code })
    )
  const expiryDate = input.expiryDate ?? addDays(today, options.linkExpiryDays)
  if (options.apiVersion === "v1" && input.expiryDate) {
    throw v1ExpiryDateRefused()
  }
  const v1 = options.apiVersion === "v1" ? await ensureV1Setup(container, providerId) : undefined
  // Totals carry sub-cent decimals (8.4095): the payer pays the rounded cents, the collection books the
  // exact rest, so a paid order owes exactly nothing and reads "captured".
  const collectionAmount =
    amountInCents === available
      ? MathBN.sub(MathBN.convert(order.summary?.pending_difference ?? 0), fromCents(asked)).toNumber()
      : fromCents(amountInCents)
  const plan: OrderLinkPlan = {
    orderId: order.id,
    providerId,
    collectionAmount,
    description,
    expiryDate,
    ...(v1 ? { v1 } : {}),
  }
  return new StepResponse(plan)
})
