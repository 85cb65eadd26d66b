import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"

export const loadRefundOwedStepId = "tikkie-load-refund-owed"

/** The refund owed as it stands (read under the workflow's lock); 404 when there is none. */
export const loadRefundOwedStep = createStep(loadRefundOwedStepId, async (id: string, { container }) => {
  const [owed] = await container.resolve<TikkieModuleService>(TIKKIE_MODULE).listRefundOweds({ id })
  if (!owed) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Refund owed ${id} was not found.`)
  return new StepResponse(owed)
})
