import type { BigNumberInput, IPaymentModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export const setPaymentCollectionAmountStepId = "tikkie-set-payment-collection-amount"

/** Sets a payment collection's amount; undone by setting the amount it had before (exact: a BigNumberInput, never a float). */
export const setPaymentCollectionAmountStep = createStep(
  setPaymentCollectionAmountStepId,
  async (input: { id: string; amount: BigNumberInput; previousAmount: BigNumberInput }, { container }) => {
    await container
      .resolve<IPaymentModuleService>(Modules.PAYMENT)
      .updatePaymentCollections(input.id, { amount: input.amount })
    return new StepResponse({ id: input.id }, { id: input.id, amount: input.previousAmount })
  },
  async (previous, { container }) => {
    if (!previous) return
    await container
      .resolve<IPaymentModuleService>(Modules.PAYMENT)
      .updatePaymentCollections(previous.id, { amount: previous.amount })
  }
)
