import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { completeCartWorkflow } from "@medusajs/medusa/core-flows"
import { RETURN_LOCK_WAIT_SECONDS } from "../../utils/lock-timeout"
import type { SettleFastCheckoutInput, SettleOutcome } from "./utils/settle-outcome"
import {
  checkFastCheckoutCartStep,
  findFastCheckoutOrderStep,
  importFastCheckoutPayerStep,
  loadFastCheckoutRecordStep,
  readFastCheckoutOrderStep,
  recordFastCheckoutOutcomeStep,
} from "./steps/settle-fast-checkout-order"
import { prepareCartCompletionStep } from "../checkout/steps/prepare-cart-completion"
import {
  holdInlineSlotStep,
  holdSettlementLockStep,
  releaseSettlementHoldsStep,
} from "../checkout/steps/settlement-holds"

export type { SettleFastCheckoutInput, SettleOutcome, SettleSource } from "./utils/settle-outcome"

export const settleFastCheckoutOrderWorkflowId = "tikkie-settle-fast-checkout-order"

/**
 * Turns a Fast Checkout order into a Medusa order, whoever asks first and however often: the webhook's
 * subscriber, the return route, the poll job, a new checkout of the same cart. Exactly one Medusa order
 * per paid orderToken across concurrent runs and store instances: a lock per orderToken, the record read
 * under it, Tikkie read once, the cart checked and stamped (complete-cart-once.ts), Medusa's
 * completeCartWorkflow, the payer imported, the record written. A paid order that cannot become one is
 * kept as a problem with its payer. Answers the outcome (`completed`, `already-completed`, `pending`,
 * `closed`, `problem`, `unknown`, `retry`).
 */
export const settleFastCheckoutOrderWorkflow = createWorkflow(
  settleFastCheckoutOrderWorkflowId,
  (input: WorkflowData<SettleFastCheckoutInput>) => {
    const found = findFastCheckoutOrderStep(input)
    const lock = when("tikkie-fast-checkout-found", { found }, ({ found }) => !!found.orderToken).then(() =>
      holdSettlementLockStep(
        transform({ found, input }, ({ found, input }) => ({
          key: `tikkie:fast-checkout:${found.orderToken}`,
          // A shopper waits on the return and on the checkout guard (its caller says how long).
          waitSeconds: input.lockWaitSeconds ?? (input.source === "return" ? RETURN_LOCK_WAIT_SECONDS : undefined),
        }))
      )
    )
    const loaded = loadFastCheckoutRecordStep({ input, found, lock })
    // The return route's settlement runs in an inline slot, taken under the lock so a waiting return holds none.
    const slot = when(
      "tikkie-fast-checkout-inline",
      { input, loaded },
      ({ input, loaded }) => !!input.inlineSlot && !loaded.outcome
    ).then(() => holdInlineSlotStep())
    const read = readFastCheckoutOrderStep({ input, loaded, slot })
    const checked = checkFastCheckoutCartStep({ read })
    const prepared = prepareCartCompletionStep(checked.complete)
    // A placed order holds money received: nothing later undoes it (Medusa undoes its own failure).
    const completed = when(
      "tikkie-fast-checkout-complete",
      { prepared },
      ({ prepared }) => !!prepared.completeCartId
    ).then(() =>
      completeCartWorkflow
        .runAsStep({ input: { id: prepared.completeCartId! } })
        .config({ name: "tikkie-fast-checkout-complete-cart", continueOnPermanentFailure: true, noCompensation: true })
    )
    const orderId = transform(
      { prepared, completed },
      ({ prepared, completed }) => completed?.id ?? prepared.finishedOrderId
    )
    when("tikkie-fast-checkout-ordered", { orderId }, ({ orderId }) => !!orderId).then(() =>
      importFastCheckoutPayerStep({ orderId: orderId! }).config({ continueOnPermanentFailure: true })
    )
    const recorded = recordFastCheckoutOutcomeStep({
      input,
      checked,
      prepared,
      completedOrderId: transform({ completed }, ({ completed }) => completed?.id),
    }).config({ continueOnPermanentFailure: true, noCompensation: true })
    releaseSettlementHoldsStep({ slot, lock })
    // The record's write failed after the order was placed: the order stands; the next settlement writes it.
    const outcome = transform(
      { recorded, orderId },
      ({ recorded, orderId }): SettleOutcome =>
        recorded ?? (orderId ? { outcome: "completed", orderId } : { outcome: "retry", reason: "recording failed" })
    )
    return new WorkflowResponse(outcome)
  }
)
