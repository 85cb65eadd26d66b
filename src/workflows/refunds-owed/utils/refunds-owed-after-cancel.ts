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

export interface OrderBeforeCancel {
  id: string
  payment_collections?: Array<{
    payments?: Array<{ id: string; refunds?: Array<{ id: string }> | null }> | null
  }> | null
}

/**
 * Medusa's cancel books a refund on the order even when the provider refused it (a Tikkie payment that
 * cannot be refunded): that booking is removed and a refund owed recorded instead, until an admin marks
 * it refunded. Idempotent: one refund owed per payment.
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
    // Less the refunds owed not yet paid, which Medusa's totals do not hold yet.
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

/** The transaction is moved to the order's current version first, so the summary the admin reads is corrected. */
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
