import { createWorkflow, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { confirmVariantInventoryWorkflow } from "@medusajs/medusa/core-flows"
import {
  findHalfMadeOrderStep,
  finishHalfMadeOrderLinksStep,
  finishHalfMadeOrderPaymentStep,
  type HalfMadeOrderInput,
  reserveHalfMadeOrderStockStep,
} from "./steps/finish-half-made-order"

export type { HalfMadeOrderInput } from "./steps/finish-half-made-order"

export const finishHalfMadeOrderWorkflowId = "tikkie-finish-half-made-order"

/**
 * Does what a dead process's completeCartWorkflow left undone of its order, in that workflow's order; answers if any.
 */
export const finishHalfMadeOrderWorkflow = createWorkflow(
  finishHalfMadeOrderWorkflowId,
  (input: WorkflowData<HalfMadeOrderInput>) => {
    const found = findHalfMadeOrderStep(input)
    const linked = finishHalfMadeOrderLinksStep(found)
    const confirmed = when("tikkie-half-made-order-unreserved", { found }, ({ found }) => !!found.stock).then(() =>
      confirmVariantInventoryWorkflow.runAsStep({ input: found.stock! }).config({
        name: "tikkie-half-made-order-confirm-inventory",
        continueOnPermanentFailure: true,
        noCompensation: true,
      })
    )
    const reserved = reserveHalfMadeOrderStockStep({ found, confirmed })
    const finished = finishHalfMadeOrderPaymentStep({ found, linked, reserved })
    return new WorkflowResponse(finished)
  }
)
