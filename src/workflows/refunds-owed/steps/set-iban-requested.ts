import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"

export const setIbanRequestedStepId = "tikkie-set-iban-requested"

export interface SetIbanRequestedInput {
  id: string
  actorId: string
  via: "email" | "mailto"
}

/** Records that the payer was asked for their IBAN: when, by whom, how. Undone: the previous request stands. */
export const setIbanRequestedStep = createStep(
  setIbanRequestedStepId,
  async (input: SetIbanRequestedInput, { container }) => {
    const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
    const before = await tikkie.retrieveRefundOwed(input.id, {
      select: ["id", "iban_requested_at", "iban_requested_by", "iban_requested_via"],
    })
    const updated = await tikkie.updateRefundOweds({
      id: input.id,
      iban_requested_at: new Date(),
      iban_requested_by: input.actorId,
      iban_requested_via: input.via,
    })
    return new StepResponse(updated, {
      id: input.id,
      iban_requested_at: before.iban_requested_at ?? null,
      iban_requested_by: before.iban_requested_by ?? null,
      iban_requested_via: before.iban_requested_via ?? null,
    })
  },
  async (before, { container }) => {
    if (!before) return
    await container.resolve<TikkieModuleService>(TIKKIE_MODULE).updateRefundOweds(before)
  }
)
