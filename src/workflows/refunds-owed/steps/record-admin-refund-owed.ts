import { randomUUID } from "node:crypto"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { moneyText } from "../../../utils/money-text"
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
 * is owed already, and nothing is recorded. Undone when a later step fails: the refund owed made goes.
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
    const amount = input.amount_in_cents ?? left
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
    const orderId = payment.payment_collection?.order?.id ?? null
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
