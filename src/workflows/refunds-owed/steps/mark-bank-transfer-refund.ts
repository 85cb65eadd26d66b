import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { medusaRefundOfMark } from "../utils/bank-transfer-mark"

export const markBankTransferRefundStepId = "tikkie-mark-bank-transfer-refund"

export interface MarkBankTransferRefundInput {
  refundOwedId: string
  paymentId: string
}

/**
 * Marks the refund owed sent by bank transfer, so the provider answers Medusa's refund made for it. Undone
 * on a later failure unless that refund was made (a mark left behind would let a refund through unrecorded).
 */
export const markBankTransferRefundStep = createStep(
  markBankTransferRefundStepId,
  async (input: MarkBankTransferRefundInput, { container }) => {
    const made = await medusaRefundOfMark(container, input.paymentId, input.refundOwedId)
    if (made) return new StepResponse({ medusaRefundId: made as string | null }, { added: false, input })
    const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
    const [owed] = await tikkie.listRefundOweds(
      { id: input.refundOwedId },
      { select: ["id", "bank_transfer_marked_at"] }
    )
    if (owed?.bank_transfer_marked_at)
      return new StepResponse({ medusaRefundId: null as string | null }, { added: false, input })
    await tikkie.updateRefundOweds({ id: input.refundOwedId, bank_transfer_marked_at: new Date() })
    return new StepResponse({ medusaRefundId: null as string | null }, { added: true, input })
  },
  async (undo, { container }) => {
    if (!undo?.added) return
    if (await medusaRefundOfMark(container, undo.input.paymentId, undo.input.refundOwedId)) return
    await container
      .resolve<TikkieModuleService>(TIKKIE_MODULE)
      .updateRefundOweds({ id: undo.input.refundOwedId, bank_transfer_marked_at: null })
  }
)
