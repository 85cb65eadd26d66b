import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import { recordRefundsOwedForOrderChange, type OrderChange } from "../utils/refund-owed-after-order-change"

export const recordRefundsOwedForOrderChangeStepId = "tikkie-record-refunds-owed-for-order-change"

/**
 * Records what a received return or a confirmed claim or exchange owes back on the order's Tikkie
 * payments as refunds owed (workflows/refunds-owed/utils/refund-owed-after-order-change.ts). Undone when a later
 * step fails: the refunds owed it made go (never ones that were there before), so the change's event,
 * delivered again, records them once.
 */
export const recordRefundsOwedForOrderChangeStep = createStep(
  recordRefundsOwedForOrderChangeStepId,
  async (change: OrderChange, { container }) => {
    const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
    const before = new Set(
      (await tikkie.listRefundOweds({ order_id: change.order_id }, { select: ["id"] })).map((r) => r.id)
    )
    await recordRefundsOwedForOrderChange(container, change)
    const made = (await tikkie.listRefundOweds({ order_id: change.order_id }, { select: ["id"] }))
      .map((r) => r.id)
      .filter((id) => !before.has(id))
    return new StepResponse(made, made)
  },
  async (made, { container }) => {
    if (made?.length) await container.resolve<TikkieModuleService>(TIKKIE_MODULE).deleteRefundOweds(made)
  }
)
