import type { MedusaContainer } from "@medusajs/framework/types"
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
  recordFinishedFastCheckoutOrderStep,
} from "./steps/settle-fast-checkout-order"
import { traceSettlement } from "../utils/settlement-span"
import { prepareCartCompletionStep } from "../checkout/steps/prepare-cart-completion"
import { finishHalfMadeOrderWorkflow } from "../checkout/finish-half-made-order"
import {
  holdInlineSlotStep,
  holdSettlementLockStep,
  releaseSettlementHoldsStep,
} from "../checkout/steps/settlement-holds"

export type { SettleFastCheckoutInput, SettleOutcome, SettleSource } from "./utils/settle-outcome"

/** Runs the settlement in its span (traceSettlement): what the webhook, return, poll and reminders call. */
export async function settleFastCheckoutOrder(
  container: MedusaContainer,
  input: SettleFastCheckoutInput
): Promise<SettleOutcome> {
  return traceSettlement("fast_checkout", input, async () => {
    return (await settleFastCheckoutOrderWorkflow(container).run({ input })).result
  })
}

export const settleFastCheckoutOrderWorkflowId = "tikkie-settle-fast-checkout-order"

/**
 * Turns a paid Fast Checkout order into exactly one Medusa order, whoever asks (webhook, return, poll, a
 * new checkout of the cart): under a lock per orderToken, one read of Tikkie, the cart checked and stamped
 * (complete-cart-once.ts), Medusa's completeCartWorkflow or the finish of an order an attempt left half
 * made (finishHalfMadeOrderWorkflow), the payer, the record. Answers the outcome.
 */
export const settleFastCheckoutOrderWorkflow = createWorkflow(
  settleFastCheckoutOrderWorkflowId,
  (input: WorkflowData<SettleFastCheckoutInput>) => {
    const found = findFastCheckoutOrderStep(input)
    const lock = when("tikkie-fast-checkout-found", { found }, ({ found }) => !!found.orderToken).then(() =>
      holdSettlementLockStep(
        transform({ found, input }, ({ found, input }) => ({
          key: `tikkie:fast-checkout:${found.orderToken}`,
          waitSeconds: input.lockWaitSeconds ?? (input.source === "return" ? RETURN_LOCK_WAIT_SECONDS : undefined),
          marks: found.marks,
        }))
      )
    )
    const loaded = loadFastCheckoutRecordStep({ input, found, lock })
    const slot = when(
      "tikkie-fast-checkout-inline",
      { input, loaded },
      ({ input, loaded }) => !!input.inlineSlot && !loaded.outcome
    ).then(() => holdInlineSlotStep())
    const read = readFastCheckoutOrderStep({ input, loaded, slot })
    const checked = checkFastCheckoutCartStep({ read })
    const prepared = prepareCartCompletionStep(checked.complete)
    const finish = transform({ checked, prepared }, ({ checked, prepared }) => checked.finish ?? prepared.finish)
    // Undoes only its own steps when it fails: once finished, the order is whole and stays so.
    when("tikkie-fast-checkout-half-made", { finish }, ({ finish }) => !!finish).then(() => {
      finishHalfMadeOrderWorkflow
        .runAsStep({ input: finish! })
        .config({ name: "tikkie-fast-checkout-finish-order", noCompensation: true })
    })
    const finished = when("tikkie-fast-checkout-finished", { checked }, ({ checked }) => !!checked.finish).then(() =>
      recordFinishedFastCheckoutOrderStep({ checked })
    )
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
      ({ prepared, completed }) => completed?.id ?? prepared.finish?.orderId
    )
    const imported = when("tikkie-fast-checkout-ordered", { orderId }, ({ orderId }) => !!orderId).then(() =>
      importFastCheckoutPayerStep({ orderId: orderId!, marks: checked.marks }).config({
        continueOnPermanentFailure: true,
      })
    )
    const recorded = recordFastCheckoutOutcomeStep({
      input,
      checked,
      imported,
      prepared,
      completedOrderId: transform({ completed }, ({ completed }) => completed?.id),
      finished,
    }).config({ continueOnPermanentFailure: true, noCompensation: true })
    releaseSettlementHoldsStep({ slot, lock })
    const outcome = transform(
      { recorded, orderId },
      ({ recorded, orderId }): SettleOutcome =>
        recorded ?? (orderId ? { outcome: "completed", orderId } : { outcome: "retry", reason: "recording failed" })
    )
    return new WorkflowResponse(outcome)
  }
)
