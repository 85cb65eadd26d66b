import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  capturedCents,
  cannotRefundAtTikkie,
  OWED_PAYMENT_FIELDS,
  payerOf,
  refundedCents,
  type OwedPayment,
} from "./owed-payment"
import { recordRefundOwed } from "./record-refund-owed"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"

/** The order as Medusa's cancel workflow read it before it refunded: its payments with their refunds then. */
export interface OrderBeforeCancel {
  id: string
  payment_collections?: Array<{
    payments?: Array<{ id: string; refunds?: Array<{ id: string }> | null }> | null
  }> | null
}

/**
 * After Medusa's cancel workflow refunded the captured payments: for each Tikkie payment that cannot
 * be refunded at Tikkie, Medusa's refund was refused (the provider throws, so no refund record), but
 * the cancel workflow books the refund on the order anyway (an order transaction `refund` with the
 * payment's id, added whatever the provider answered), so the order's summary would say "refunded".
 * That booking is removed and a refund owed is recorded instead; it becomes Medusa's refund when an
 * admin marks it refunded. Idempotent: one refund owed per payment (`cancel:<payment id>`).
 */
export async function recordRefundsOwedAfterCancel(
  container: MedusaContainer,
  order: OrderBeforeCancel
): Promise<void> {
  const before = new Map<string, Set<string>>()
  for (const pc of order.payment_collections ?? []) {
    for (const p of pc.payments ?? []) before.set(p.id, new Set((p.refunds ?? []).map((r) => r.id)))
  }
  if (!before.size) return
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const { data: payments } = await query.graph({
    entity: "payment",
    fields: OWED_PAYMENT_FIELDS,
    filters: { id: [...before.keys()] },
  })
  for (const payment of payments as unknown as OwedPayment[]) {
    if (!cannotRefundAtTikkie(payment)) continue
    const earlier = before.get(payment.id)!
    const refundedNow = (payment.refunds ?? []).filter((r) => !earlier.has(r.id))
    if (refundedNow.length === 0) await removeRefundBookedWithoutRefund(container, order.id, payment.id)
    // What stays owed: what was captured, less every refund Medusa holds and the refunds owed of the
    // payment not yet paid (an admin's refund before the cancel), which Medusa's totals do not hold yet.
    const unpaid = (await tikkie.listRefundOweds({ payment_id: payment.id, status: "owed" })).filter(
      (r) => r.source !== "second_payment" && r.key !== `cancel:${payment.id}`
    )
    const owedInCents =
      capturedCents(payment) - refundedCents(payment) - unpaid.reduce((s, r) => s + Number(r.amount_in_cents), 0)
    if (owedInCents <= 0) continue
    await recordRefundOwed(container, {
      key: `cancel:${payment.id}`,
      order_id: order.id,
      payment_id: payment.id,
      provider_id: payment.provider_id,
      amount_in_cents: owedInCents,
      currency_code: payment.currency_code,
      ...payerOf(payment.data),
      source: "cancel",
      reason: "The order was cancelled; Tikkie cannot refund this payment.",
    })
  }
}

/**
 * Takes back the cancel workflow's order transaction for a refund that Medusa did not make (its
 * reference_id is the payment). The order module corrects the summary of the transaction's version, and
 * the cancel confirmed a credit-line change after booking it (a new version), so the transaction is
 * moved to the order's current version first: the summary the admin reads is the one corrected.
 */
export async function removeRefundBookedWithoutRefund(container: MedusaContainer, orderId: string, paymentId: string) {
  const orders = container.resolve(Modules.ORDER)
  const booked = await orders.listOrderTransactions({ order_id: orderId, reference: "refund", reference_id: paymentId })
  if (!booked.length) return
  const { version } = await orders.retrieveOrder(orderId, { select: ["id", "version"] })
  const ids = booked.map((t) => t.id)
  await (
    orders as unknown as { updateOrderTransactions(data: Array<{ id: string; version: number }>): Promise<unknown> }
  ).updateOrderTransactions(ids.map((id) => ({ id, version })))
  await orders.softDeleteOrderTransactions(ids)
}
