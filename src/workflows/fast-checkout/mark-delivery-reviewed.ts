import { MedusaError } from "@medusajs/framework/utils"
import {
  createStep,
  createWorkflow,
  StepResponse,
  WorkflowResponse,
  type WorkflowData,
} from "@medusajs/framework/workflows-sdk"
import { TIKKIE_MODULE } from "../../modules/tikkie"
import type TikkieModuleService from "../../modules/tikkie/service"

export interface MarkDeliveryReviewedInput {
  id: string
  actor_id: string
}

type Previous = { id: string; delivery_reviewed_at: Date | null; delivery_reviewed_by: string | null }

const markDeliveryReviewedStep = createStep(
  "tikkie-mark-delivery-reviewed-step",
  async (input: MarkDeliveryReviewedInput, { container }) => {
    const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
    const [record] = await tikkie.listFastCheckoutOrders({ id: input.id })
    if (!record) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Fast Checkout order ${input.id} was not found.`)
    if (!record.delivery_review) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Fast Checkout order ${input.id} has no delivery to review.`)
    }
    // Marked once: the first admin's mark and time stay.
    if (record.delivery_reviewed_at) return new StepResponse(record, undefined as Previous | undefined)
    const previous: Previous = { id: record.id, delivery_reviewed_at: null, delivery_reviewed_by: null }
    const updated = await tikkie.updateFastCheckoutOrders({
      id: record.id,
      delivery_reviewed_at: new Date(),
      delivery_reviewed_by: input.actor_id,
    })
    return new StepResponse(updated, previous)
  },
  async (previous, { container }) => {
    if (!previous) return
    await container.resolve<TikkieModuleService>(TIKKIE_MODULE).updateFastCheckoutOrders(previous)
  }
)

export const markDeliveryReviewedWorkflowId = "tikkie-mark-delivery-reviewed"

/** Takes an order off the Tikkie page's list of delivery reviews; the order's widget keeps showing what differed. */
export const markDeliveryReviewedWorkflow = createWorkflow(
  markDeliveryReviewedWorkflowId,
  (input: WorkflowData<MarkDeliveryReviewedInput>) => new WorkflowResponse(markDeliveryReviewedStep(input))
)
