import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { startCompletion } from "../utils/complete-cart-once"

export type CartCompletion = { cartId: string; paymentSessionId: string; marker: string }

export type PreparedCompletion = { finishedOrderId?: string; completeCartId?: string }

// Stamps the cart or finishes a half-made order (complete-cart-once.ts); the stamp stays, for a later attempt.
export const prepareCartCompletionStep = createStep(
  "tikkie-prepare-cart-completion",
  async (input: CartCompletion | undefined, { container }) => {
    if (!input) return new StepResponse<PreparedCompletion>({})
    const { finishedOrderId } = await startCompletion(container, input)
    return new StepResponse<PreparedCompletion>(
      finishedOrderId ? { finishedOrderId } : { completeCartId: input.cartId }
    )
  }
)
