import { randomUUID } from "node:crypto"
import type { BigNumberInput, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { moneyText } from "../../../utils/money-text"
import { toCents } from "../../../utils/medusa-money"
import { CURRENT_ORDER_SUMMARY_FIELDS } from "../../utils/order-summary"
import {
  capturedCents,
  cannotRefundAtTikkie,
  OWED_PAYMENT_FIELDS,
  payerOf,
  refundedCents,
  type OwedPayment,
} from "../utils/owed-payment"
import { recordRefundOwed } from "../utils/record-refund-owed"

export const recordAdminRefundOwedStepId = "tikkie-record-admin-refund-owed"

export interface AdminRefundOwedInput {
  payment_id: string
  /** What the admin refunds; none: all that is left. */
  amount_in_cents?: number
  /** The admin's note on Medusa's refund form. */
  note?: string
}

/**
 * Records the admin's refund of a payment Tikkie cannot refund as a refund owed (source `refund`), after
 * checking it against what is left: captured, less Medusa's refunds, less the refunds owed of the payment
 * not yet paid (those are not in Medusa's totals until marked). More than that is refused, naming what
 * is owed already, and nothing is recorded. The part of the refund that the order owes back anyway (after
 * a return, claim or exchange, recorded as a refund owed of its own) is not recorded twice. Undone when
 * a later step fails: the refund owed made goes.
 */
export const recordAdminRefundOwedStep = createStep(
  recordAdminRefundOwedStepId,
  async (input: AdminRefundOwedInput, { container }) => {
    const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
      entity: "payment",
      fields: [...OWED_PAYMENT_FIELDS, "payment_collection.order.id"],
      filters: { id: input.payment_id },
    })
    const payment = data[0] as (OwedPayment & { payment_collection?: { order?: { id: string } | null } }) | undefined
    if (!payment || !cannotRefundAtTikkie(payment)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Payment ${input.payment_id} is not one Tikkie cannot refund.`
      )
    }
    const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
    const unpaid = (await tikkie.listRefundOweds({ payment_id: payment.id, status: "owed" })).filter(
      (r) => r.source !== "second_payment"
    )
    const captured = capturedCents(payment)
    const refunded = refundedCents(payment)
    const owedInCents = unpaid.reduce((s, r) => s + Number(r.amount_in_cents), 0)
    const left = captured - refunded - owedInCents
    const orderId = payment.payment_collection?.order?.id ?? null
    // As Medusa's refund workflow counts a refund: first as what the order owes back (a received return,
    // a claim, an exchange: a refund owed of its own, or about to be), only the rest on top of it.
    const owedBack = Math.min(input.amount_in_cents ?? 0, await owedBackByOrder(container, orderId))
    const amount = input.amount_in_cents === undefined ? left : input.amount_in_cents - owedBack
    if (amount === 0 && owedBack > 0) {
      container
        .resolve(ContainerRegistrationKeys.LOGGER)
        .info(
          `Tikkie: the admin's refund of ${owedBack} cents of payment ${payment.id} is what order ${orderId} owes back ` +
            "already (its refund owed): nothing new recorded"
        )
      return new StepResponse(null, null)
    }
    if (left <= 0 || amount > left) {
      const eur = (cents: number) => moneyText(cents, payment.currency_code, "en")
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `A refund of ${eur(amount)} is more than is left to refund of this payment: ${eur(captured)} paid, ` +
          `${eur(refunded)} refunded, ${eur(owedInCents)} owed back by bank transfer already` +
          (unpaid.length ? ` (refund owed ${unpaid.map((r) => r.id).join(", ")})` : "") +
          `. Nothing was recorded.`
      )
    }
    const owed = await recordRefundOwed(container, {
      key: `refund:${payment.id}:${randomUUID()}`,
      order_id: orderId,
      payment_id: payment.id,
      provider_id: payment.provider_id,
      amount_in_cents: amount,
      currency_code: payment.currency_code,
      ...payerOf(payment.data),
      source: "refund",
      reason:
        "Refunded with Medusa's Refund; Tikkie cannot refund this payment." +
        (input.note ? ` Note: ${input.note}` : ""),
    })
    return new StepResponse(owed, owed.id)
  },
  async (id, { container }) => {
    if (id) await container.resolve<TikkieModuleService>(TIKKIE_MODULE).deleteRefundOweds(id)
  }
)

/** What the order owes the customer back now (its negative pending difference), in cents; 0 without an order. */
async function owedBackByOrder(container: MedusaContainer, orderId: string | null): Promise<number> {
  if (!orderId) return 0
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: ["id", ...CURRENT_ORDER_SUMMARY_FIELDS],
    filters: { id: orderId },
  })
  const summary = (
    data[0] as { summary?: { pending_difference?: BigNumberInput; raw_pending_difference?: BigNumberInput } }
  )?.summary
  return Math.max(0, -toCents(summary?.raw_pending_difference ?? summary?.pending_difference ?? 0))
}
