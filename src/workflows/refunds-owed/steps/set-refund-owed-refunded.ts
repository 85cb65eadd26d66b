import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"

export const setRefundOwedRefundedStepId = "tikkie-set-refund-owed-refunded"

export interface SetRefundOwedRefundedInput {
  id: string
  actorId: string
  bankReference: string
  note?: string
  medusaRefundId: string | null
}

/** The refund owed marked refunded: who, when, the bank's reference, Medusa's refund. Undone: back to owed. */
export const setRefundOwedRefundedStep = createStep(
  setRefundOwedRefundedStepId,
  async (input: SetRefundOwedRefundedInput, { container }) => {
    const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
    const updated = await tikkie.updateRefundOweds({
      id: input.id,
      status: "refunded",
      refunded_by: input.actorId,
      refunded_at: new Date(),
      bank_reference: input.bankReference,
      note: input.note ?? null,
      medusa_refund_id: input.medusaRefundId,
    })
    return new StepResponse(updated, input.id)
  },
  async (id, { container }) => {
    if (!id) return
    await container.resolve<TikkieModuleService>(TIKKIE_MODULE).updateRefundOweds({
      id,
      status: "owed",
      refunded_by: null,
      refunded_at: null,
      bank_reference: null,
      note: null,
      medusa_refund_id: null,
    })
  }
)
