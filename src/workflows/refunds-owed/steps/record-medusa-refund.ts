import type { IOrderModuleService, IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MathBN, MedusaError, Modules, OrderStatus } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { fromCents } from "../../../utils/medusa-money"
import { REFUND_OWED_METADATA_KEY } from "../../../providers/shared/bank-transfer-refunds"
import { medusaRefundOfMark } from "../utils/bank-transfer-mark"
import { removeRefundBookedWithoutRefund } from "../utils/refunds-owed-after-cancel"

export const recordMedusaRefundStepId = "tikkie-record-medusa-refund"

export interface RecordMedusaRefundInput {
  refundOwedId: string
  orderId: string | null
  paymentId: string
  amountInCents: number
  bankReference: string
  note?: string
  actorId: string
  /** Made by an earlier attempt (markBankTransferRefundStep found it): nothing to do. */
  medusaRefundId: string | null
}

export type MedusaRefundInput = {
  payment_id: string
  amount: ReturnType<typeof fromCents>
  created_by: string
  note: string
  metadata: Record<string, string>
}

export type PreparedMedusaRefund = {
  input: RecordMedusaRefundInput
  /** Medusa's refund to make; absent when an earlier attempt made it (`madeBefore`). */
  refund?: MedusaRefundInput
  madeBefore?: string
  canceled: boolean
  bookedBefore: number
}

/** Medusa's refund for the bank transfer, and whether the order is cancelled (refundPaymentsWorkflow, as its cancel runs). */
export const prepareMedusaRefundStep = createStep(
  "tikkie-prepare-medusa-refund",
  async (input: RecordMedusaRefundInput, { container }) => {
    if (input.medusaRefundId) {
      return new StepResponse<PreparedMedusaRefund>({
        input,
        madeBefore: input.medusaRefundId,
        canceled: false,
        bookedBefore: 0,
      })
    }
    const note = `Refunded by bank transfer, reference ${input.bankReference}` + (input.note ? `: ${input.note}` : "")
    // The metadata names the refund owed: the provider answers only the refund made for its mark.
    const refund: MedusaRefundInput = {
      payment_id: input.paymentId,
      amount: fromCents(input.amountInCents),
      created_by: input.actorId,
      note,
      metadata: { [REFUND_OWED_METADATA_KEY]: input.refundOwedId },
    }
    const canceled = await isCanceled(container, input.orderId)
    // Medusa's refunds workflow skips a transaction booked under the payment's id before: a second one is booked by refund id.
    const bookedBefore = canceled ? await refundsBookedUnderPayment(container, input.orderId!, input.paymentId) : 0
    return new StepResponse<PreparedMedusaRefund>({ input, refund, canceled, bookedBefore })
  }
)

/** Answers Medusa's refund id (its metadata names the refund owed: a retry finds it and only marks). */
export const checkMedusaRefundStep = createStep(
  recordMedusaRefundStepId,
  async (prepared: PreparedMedusaRefund, { container }) => {
    const { input } = prepared
    if (prepared.madeBefore) return new StepResponse(prepared.madeBefore)
    const made = await medusaRefundOfMark(container, input.paymentId, input.refundOwedId)
    const { canceled, bookedBefore } = prepared
    if (!made) {
      // The cancel's refund workflow books the refund on the order even when Medusa made none.
      if (canceled && !bookedBefore) await removeRefundBookedWithoutRefund(container, input.orderId!, input.paymentId)
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `Medusa did not record the refund of refund owed ${input.refundOwedId}; nothing was marked, try again.`
      )
    }
    if (canceled && bookedBefore)
      await bookRefund(container, input.orderId!, input.paymentId, made, input.amountInCents)
    return new StepResponse(made)
  }
)

async function refundsBookedUnderPayment(container: MedusaContainer, orderId: string, paymentId: string) {
  const orders = container.resolve<IOrderModuleService>(Modules.ORDER)
  return (await orders.listOrderTransactions({ order_id: orderId, reference: "refund", reference_id: paymentId }))
    .length
}

/** The order transaction of Medusa's refund `refundId`, once (what refundPaymentWorkflow books for it). */
async function bookRefund(
  container: MedusaContainer,
  orderId: string,
  paymentId: string,
  refundId: string,
  amountInCents: number
) {
  const orders = container.resolve<IOrderModuleService>(Modules.ORDER)
  if ((await orders.listOrderTransactions({ order_id: orderId, reference: "refund", reference_id: refundId })).length)
    return
  const payment = await container
    .resolve<IPaymentModuleService>(Modules.PAYMENT)
    .retrievePayment(paymentId, { select: ["id", "currency_code"] })
  await orders.addOrderTransactions({
    order_id: orderId,
    amount: MathBN.mult(fromCents(amountInCents), -1),
    currency_code: payment.currency_code,
    reference: "refund",
    reference_id: refundId,
  })
}

async function isCanceled(container: MedusaContainer, orderId: string | null): Promise<boolean> {
  if (!orderId) return false
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["status"], filters: { id: orderId } })
  return (data[0] as { status?: string } | undefined)?.status === OrderStatus.CANCELED
}
