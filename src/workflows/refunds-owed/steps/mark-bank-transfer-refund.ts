import type { IPaymentModuleService } from "@medusajs/framework/types"
import { setPaymentDataKey } from "../../utils/payment-data"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { BANK_TRANSFER_REFUNDS_KEY, bankTransferRefundsOf } from "../../../providers/shared/bank-transfer-refunds"

export const markBankTransferRefundStepId = "tikkie-mark-bank-transfer-refund"

export interface MarkBankTransferRefundInput {
  refundOwedId: string
  paymentId: string
  amountInCents: number
  bankReference: string
}

/**
 * Writes the refund an admin sent by bank transfer into the Medusa payment's data
 * (`bankTransferRefunds`): the provider then answers Medusa's refund of exactly that amount, once,
 * instead of refusing it (Tikkie cannot refund). Answers the Medusa refund already made for it, if an
 * earlier attempt got that far.
 *
 * Undone when a later step fails, unless Medusa's refund was made: a mark left behind would let a
 * refund of that amount through the provider without the refund owed saying so.
 *
 * Runs under the workflow's lock on the payment, so two marks of one payment do not read the same list
 * and each write it without the other; the write sets only this key (payment-data.ts), so a refund Medusa
 * writes into the same data meanwhile keeps its keys.
 */
export const markBankTransferRefundStep = createStep(
  markBankTransferRefundStepId,
  async (input: MarkBankTransferRefundInput, { container }) => {
    const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    const payment = await payments.retrievePayment(input.paymentId, { select: ["id", "data"] })
    const marked = bankTransferRefundsOf(payment.data ?? undefined)
    const mine = marked.find((r) => r.refundOwedId === input.refundOwedId)
    if (mine) return new StepResponse({ medusaRefundId: mine.medusaRefundId ?? null }, { added: false, input })
    const entry = {
      refundOwedId: input.refundOwedId,
      amountInCents: input.amountInCents,
      bankReference: input.bankReference,
      markedAt: new Date().toISOString(),
    }
    await setPaymentDataKey(container, input.paymentId, BANK_TRANSFER_REFUNDS_KEY, [...marked, entry])
    return new StepResponse({ medusaRefundId: null as string | null }, { added: true, input })
  },
  async (undo, { container }) => {
    if (!undo?.added) return
    const payments = container.resolve<IPaymentModuleService>(Modules.PAYMENT)
    const payment = await payments.retrievePayment(undo.input.paymentId, { select: ["id", "data"] })
    const marked = bankTransferRefundsOf(payment.data ?? undefined)
    const mine = marked.find((r) => r.refundOwedId === undo.input.refundOwedId)
    if (!mine || mine.medusaRefundId) return
    const rest = marked.filter((r) => r !== mine)
    await setPaymentDataKey(container, undo.input.paymentId, BANK_TRANSFER_REFUNDS_KEY, rest)
  }
)
