import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { startCompletion } from "../utils/complete-cart-once"
import type { HalfMadeOrderInput } from "./finish-half-made-order"

export type CartCompletion = { cartId: string; paymentSessionId: string; marker: string }

/** Either the cart to complete, or the order an earlier attempt made, for finishHalfMadeOrderWorkflow. */
export type PreparedCompletion = { completeCartId?: string; finish?: HalfMadeOrderInput }

// Stamps the cart or finds a half-made order (complete-cart-once.ts); the stamp stays, for a later attempt.
export const prepareCartCompletionStep = createStep(
  "tikkie-prepare-cart-completion",
  async (input: CartCompletion | undefined, { container }) => {
    if (!input) return new StepResponse<PreparedCompletion>({})
    const { finishedOrderId } = await startCompletion(container, input)
    if (!finishedOrderId) return new StepResponse<PreparedCompletion>({ completeCartId: input.cartId })
    const { cartId, paymentSessionId } = input
    return new StepResponse<PreparedCompletion>({ finish: { cartId, paymentSessionId, orderId: finishedOrderId } })
  }
)
