import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules, OrderStatus } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { refundPaymentsWorkflow, refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { fromCents } from "../../../utils/medusa-money"
import { bankTransferRefundsOf } from "../../../providers/shared/bank-transfer-refunds"
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

/**
 * Medusa's own refund of the payment for what was sent by bank transfer (the provider answers it from
 * the mark), so the order's totals say refunded from now on; answers Medusa's refund id.
 *
 * Not undone: Medusa has no operation that takes a refund back, and the money did go back to the payer.
 * A failure after it leaves the refund owed marked nothing; the next attempt finds this refund in the
 * payment's data and only marks the refund owed.
 */
export const recordMedusaRefundStep = createStep(
  recordMedusaRefundStepId,
  async (input: RecordMedusaRefundInput, { container }) => {
    if (input.medusaRefundId) return new StepResponse(input.medusaRefundId)
    const note = `Refunded by bank transfer, reference ${input.bankReference}` + (input.note ? `: ${input.note}` : "")
    const refund = {
      payment_id: input.paymentId,
      amount: fromCents(input.amountInCents),
      created_by: input.actorId,
      note,
    }
    if (await isCanceled(container, input.orderId)) {
      // What Medusa's cancel runs: a cancelled order takes no credit line, which the single refund adds.
      await refundPaymentsWorkflow(container).run({ input: [refund] })
    } else {
      await refundPaymentWorkflow(container).run({ input: refund })
    }
    const after = await container
      .resolve<IPaymentModuleService>(Modules.PAYMENT)
      .retrievePayment(input.paymentId, { select: ["id", "data"] })
    const made = bankTransferRefundsOf(after.data ?? undefined).find(
      (r) => r.refundOwedId === input.refundOwedId
    )?.medusaRefundId
    if (!made) {
      // The cancel's refund workflow books the refund on the order even when Medusa made none.
      if (await isCanceled(container, input.orderId))
        await removeRefundBookedWithoutRefund(container, input.orderId!, input.paymentId)
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `Medusa did not record the refund of refund owed ${input.refundOwedId}; nothing was marked, try again.`
      )
    }
    return new StepResponse(made)
  }
)

async function isCanceled(container: MedusaContainer, orderId: string | null): Promise<boolean> {
  if (!orderId) return false
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "order", fields: ["status"], filters: { id: orderId } })
  return (data[0] as { status?: string } | undefined)?.status === OrderStatus.CANCELED
}
