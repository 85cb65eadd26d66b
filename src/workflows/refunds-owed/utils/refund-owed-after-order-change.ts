import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { toCents } from "../../../utils/medusa-money"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import {
  capturedCents,
  cannotRefundAtTikkie,
  OWED_PAYMENT_FIELDS,
  payerOf,
  refundedCents,
  type OwedPayment,
} from "./owed-payment"
import { recordRefundOwed, type RefundOwedSource } from "./record-refund-owed"
import { CURRENT_ORDER_SUMMARY_FIELDS } from "../../utils/order-summary"

export interface OrderChange {
  order_id: string
  source: Extract<RefundOwedSource, "return" | "claim" | "exchange">
  /** The return, claim or exchange id: one refund owed per change. */
  change_id: string
}

const REASONS: Record<OrderChange["source"], string> = {
  return: "A return was received; Tikkie cannot refund this payment.",
  claim: "A claim was confirmed with money back; Tikkie cannot refund this payment.",
  exchange: "An exchange was confirmed with money back; Tikkie cannot refund this payment.",
}

/**
 * After a return is received, or a claim or exchange confirmed, Medusa's order owes the customer its
 * negative pending difference; an admin refunds it with Medusa's Refund, which a Tikkie payment that
 * cannot refund refuses. The plugin records that amount as a refund owed on that payment at once, less
 * what earlier refunds owed (still unpaid, so not yet in Medusa's totals) already cover. The caller holds
 * the order's lock (recordRefundOwedAfterOrderChangeWorkflow), so two changes confirmed together never
 * count the same money twice.
 */
export async function recordRefundsOwedForOrderChange(container: MedusaContainer, change: OrderChange): Promise<void> {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const key = `${change.source}:${change.change_id}`
  if ((await tikkie.listRefundOweds({ key })).length) return
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      ...CURRENT_ORDER_SUMMARY_FIELDS,
      ...OWED_PAYMENT_FIELDS.map((f) => `payment_collections.payments.${f}`),
    ],
    filters: { id: change.order_id },
  })
  const order = data[0] as
    | {
        summary?: { pending_difference?: BigNumberInput; raw_pending_difference?: BigNumberInput }
        payment_collections?: Array<{ payments?: OwedPayment[] }>
      }
    | undefined
  if (!order) return
  const pending = toCents(order.summary?.raw_pending_difference ?? order.summary?.pending_difference ?? 0)
  if (pending >= 0) return
  const unpaid = await tikkie.listRefundOweds({
    order_id: change.order_id,
    status: "owed",
    source: ["return", "claim", "exchange", "refund"],
  })
  // The admin's refunds owed are money on top of what the order owes back: not in its pending difference.
  const changes = unpaid.filter((r) => r.source !== "refund")
  let owedInCents = -pending - changes.reduce((s, r) => s + Number(r.amount_in_cents), 0)
  const payments = (order.payment_collections ?? []).flatMap((pc) => pc.payments ?? []).filter(cannotRefundAtTikkie)
  for (const payment of payments) {
    if (owedInCents <= 0) return
    const onPayment = unpaid
      .filter((r) => r.payment_id === payment.id)
      .reduce((s, r) => s + Number(r.amount_in_cents), 0)
    const refundable = capturedCents(payment) - refundedCents(payment) - onPayment
    const amount = Math.min(owedInCents, refundable)
    if (amount <= 0) continue
    await recordRefundOwed(container, {
      key: payments.length > 1 ? `${key}:${payment.id}` : key,
      order_id: change.order_id,
      payment_id: payment.id,
      provider_id: payment.provider_id,
      amount_in_cents: amount,
      currency_code: payment.currency_code,
      ...payerOf(payment.data),
      source: change.source,
      reason: REASONS[change.source],
    })
    owedInCents -= amount
  }
}
