import { createWorkflow, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import type { SettleFastCheckoutInput } from "./utils/settle-outcome"
import { settleFastCheckoutOrderStep } from "./steps/settle-fast-checkout-order"

export type { SettleFastCheckoutInput, SettleOutcome, SettleSource } from "./utils/settle-outcome"

export const settleFastCheckoutOrderWorkflowId = "tikkie-settle-fast-checkout-order"

/**
 * Turns a Fast Checkout order into a Medusa order, whoever asks first and however often: the webhook's
 * subscriber, the return route, the poll job, a new checkout of the same cart. Exactly one Medusa order
 * per paid orderToken across concurrent runs and store instances; a paid order that cannot become one
 * is kept as a problem with its payer. Answers the outcome (`completed`, `already-completed`, `pending`,
 * `closed`, `problem`, `unknown`, `retry`). See settleFastCheckoutOrderStep.
 */
export const settleFastCheckoutOrderWorkflow = createWorkflow(
  settleFastCheckoutOrderWorkflowId,
  (input: WorkflowData<SettleFastCheckoutInput>) => {
    return new WorkflowResponse(settleFastCheckoutOrderStep(input))
  }
)
