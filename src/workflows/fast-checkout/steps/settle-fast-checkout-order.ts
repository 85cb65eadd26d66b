import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  settleFastCheckoutOrder,
  type SettleFastCheckoutInput,
} from "../../../lib/fast-checkout/settle-fast-checkout-order"

export const settleFastCheckoutOrderStepId = "tikkie-settle-fast-checkout-order-step"

/**
 * The plugin's one settlement of a Fast Checkout order (lib/fast-checkout/settle-fast-checkout-order.ts):
 * under the order's lock, Tikkie read, the cart checked and completed with Medusa's completeCartWorkflow,
 * the payer imported, the record written; answers the outcome.
 *
 * One step, because the lock spans all of it: Medusa's locking module renews the lease of a lock held
 * through `execute` while its holder runs, which a lock taken in one step and released in another
 * (acquireLockStep) does not, and a killed worker's order must be free again within seconds.
 *
 * Not undone when a later step fails: it records what Tikkie says happened. A paid order that became a
 * Medusa order must stay one (undoing it would hide money received), and every write converges: the
 * next settlement of the same orderToken finds the record and answers "already completed".
 */
export const settleFastCheckoutOrderStep = createStep(
  settleFastCheckoutOrderStepId,
  async (input: SettleFastCheckoutInput, { container }) => {
    return new StepResponse(await settleFastCheckoutOrder(container, input))
  }
)
