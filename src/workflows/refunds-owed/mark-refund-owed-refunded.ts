import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules, OrderStatus } from "@medusajs/framework/utils"
import { refundPaymentsWorkflow, refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { fromCents } from "../../lib/medusa-money"
import { TIKKIE_MODULE } from "../../modules/tikkie"
import type TikkieModuleService from "../../modules/tikkie/service"
import { removeRefundBookedWithoutRefund } from "./refunds-owed-after-cancel"
import { BANK_TRANSFER_REFUNDS_KEY, bankTransferRefundsOf } from "../../providers/shared/bank-transfer-refunds"

export interface MarkRefundedInput {
  id: string
  bank_reference: string
  note?: string
  /** The admin user who says the money was sent. */
  actor_id: string
}

/**
 * An admin paid a refund owed back by bank transfer. Medusa's records then show the refund, made by
 * Medusa's own refund workflow: the plugin first writes the marked refund into the payment's data
 * (`bankTransferRefunds`), and the provider answers that refund (only that amount, once) instead of
 * refusing it. A second payment was never in Medusa's records, so only the mark is kept for it.
 *
 * Safe to repeat and across instances: under a lock per refund owed; the payment's data says whether
 * Medusa's refund was already made (it then carries Medusa's refund id), so a retry after a failure
 * never makes a second one.
 */
export async function markRefundOwedRefunded(container: MedusaContainer, input: MarkRefundedInput) {
  return container.resolve(Modules.LOCKING).execute(`tikkie:refund-owed:${input.id}`, () => markUnderLock(container, input), { timeout: 30 })
}

async function markUnderLock(container: MedusaContainer, input: MarkRefundedInput) {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [owed] = await tikkie.listRefundOweds({ id: input.id })
  if (!owed) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Refund owed ${input.id} was not found.`)
  if (owed.status === "refunded") return owed
  const medusaRefundId = owed.source === "second_payment" || !owed.payment_id ? null : await recordInMedusa(container, owed, input)
  return tikkie.updateRefundOweds({
    id: owed.id,
    status: "refunded",
    refunded_by: input.actor_id,
    refunded_at: new Date(),
    bank_reference: input.bank_reference,
    note: input.note ?? null,
    medusa_refund_id: medusaRefundId,
  })
}

type Owed = { id: string; order_id: string | null; payment_id: string | null; amount_in_cents: unknown }

async function recordInMedusa(container: MedusaContainer, owed: Owed, input: MarkRefundedInput): Promise<string> {
  const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
  const paymentId = owed.payment_id!
  const amountInCents = Number(owed.amount_in_cents)
  const payment = await payments.retrievePayment(paymentId, { select: ["id", "data"] })
  const marked = bankTransferRefundsOf(payment.data ?? undefined)
  const mine = marked.find((r) => r.refundOwedId === owed.id)
  if (mine?.medusaRefundId) return mine.medusaRefundId
  if (!mine) {
    const entry = { refundOwedId: owed.id, amountInCents, bankReference: input.bank_reference, markedAt: new Date().toISOString() }
    // The payment module's update takes the data as it is (it has no provider call).
    await payments.updatePayment({ id: paymentId, data: { ...payment.data, [BANK_TRANSFER_REFUNDS_KEY]: [...marked, entry] } } as never)
  }
  const note = `Refunded by bank transfer, reference ${input.bank_reference}` + (input.note ? `: ${input.note}` : "")
  const refund = { payment_id: paymentId, amount: fromCents(amountInCents), created_by: input.actor_id, note }
  if (await isCanceled(container, owed.order_id)) {
    // What Medusa's cancel runs: a cancelled order takes no credit line, which the single refund adds.
    await refundPaymentsWorkflow(container).run({ input: [refund] })
  } else {
    await refundPaymentWorkflow(container).run({ input: refund })
  }
  const after = await payments.retrievePayment(paymentId, { select: ["id", "data"] })
  const made = bankTransferRefundsOf(after.data ?? undefined).find((r) => r.refundOwedId === owed.id)?.medusaRefundId
  if (!made) {
    // The cancel's refund workflow books the refund on the order even when Medusa made none.
    if (await isCanceled(container, owed.order_id)) await removeRefundBookedWithoutRefund(container, owed.order_id!, paymentId)
    throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `Medusa did not record the refund of refund owed ${owed.id}; nothing was marked, try again.`)
  }
  return made
}

async function isCanceled(container: MedusaContainer, orderId: string | null): Promise<boolean> {
  if (!orderId) return false
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["status"], filters: { id: orderId } })
  return (data[0] as { status?: string } | undefined)?.status === OrderStatus.CANCELED
}
