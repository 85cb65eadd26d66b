import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { amsterdamDate } from "tikkie-client/payment-requests/v2/amsterdam-date"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { toCents } from "../../../utils/medusa-money"
import { CURRENT_ORDER_SUMMARY_FIELDS } from "../../utils/order-summary"
import { recordPayments, type PaymentRequestRecord } from "./record-payment-request"

/**
 * What a new link of an order may ask for: what the order still owes (its summary's pending difference)
 * less what its open links (unpaid, unexpired, not cancelled) already ask for, so no payer is asked
 * twice for the same money. The admin's form shows it; planOrderLinkStep refuses more.
 */
export interface OrderLinkRoom {
  owedInCents: number
  askedInCents: number
  availableInCents: number
  openLinks: PaymentRequestRecord[]
}

export async function orderLinkRoom(
  container: MedusaContainer,
  order: { id: string; summary?: { pending_difference?: BigNumberInput } | null }
): Promise<OrderLinkRoom> {
  const owedInCents = toCents(order.summary?.pending_difference ?? 0)
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const today = amsterdamDate(Date.now())
  const openLinks = (
    await tikkie.listPaymentRequests({ order_id: order.id, kind: "order", medusa_payment_id: null })
  ).filter((r) => r.status === "OPEN" && r.expiry_date >= today && !r.cancelled_at && recordPayments(r).length === 0)
  const askedInCents = openLinks.reduce((s, r) => s + Number(r.amount_in_cents ?? 0), 0)
  return { owedInCents, askedInCents, availableInCents: owedInCents - askedInCents, openLinks }
}

/** The order's status and current summary, and its room for a link (null: no such order). */
export async function loadOrderLinkRoom(container: MedusaContainer, orderId: string) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "status", "currency_code", ...CURRENT_ORDER_SUMMARY_FIELDS],
    filters: { id: orderId },
  })
  const order = data[0] as
    | { id: string; status: string; currency_code: string; summary?: { pending_difference?: BigNumberInput } | null }
    | undefined
  if (!order) return null
  return { order, room: await orderLinkRoom(container, order) }
}
