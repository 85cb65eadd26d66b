import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { completeCartWorkflow, processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { RETURN_LOCK_WAIT_SECONDS } from "../../utils/lock-timeout"
import type { PaymentRequestOutcome, SettlePaymentRequestInput } from "./utils/settle-outcome"
import {
  checkCheckoutCartStep,
  loadPaymentRequestRecordStep,
  readPaymentRequestStep,
  recordPaymentRequestOutcomeStep,
} from "./steps/settle-payment-request"
import { prepareCartCompletionStep } from "../checkout/steps/prepare-cart-completion"
import {
  holdInlineSlotStep,
  holdSettlementLockStep,
  releaseSettlementHoldsStep,
} from "../checkout/steps/settlement-holds"

export type { PaymentRequestOutcome, SettlePaymentRequestInput } from "./utils/settle-outcome"

export const settlePaymentRequestWorkflowId = "tikkie-settle-payment-request"

/**
 * Settles a Tikkie payment request with what Tikkie reports, whoever asks: the notification's subscriber,
 * the return route, the poll job, a new checkout of the same cart. Under a lock per request, the record
 * and Tikkie are read once; a paid checkout link's cart is checked, stamped (complete-cart-once.ts) and
 * completed with Medusa's completeCartWorkflow, exactly once; a paid order link's payment is captured with
 * Medusa's processPaymentWorkflow; an invoice link records its payments; a payment beyond the first
 * becomes a refund owed. A paid request that cannot be settled is kept as the record's problem.
 */
export const settlePaymentRequestWorkflow = createWorkflow(
  settlePaymentRequestWorkflowId,
  (input: WorkflowData<SettlePaymentRequestInput>) => {
    const lock = holdSettlementLockStep(
      transform({ input }, ({ input }) => ({
        key: `tikkie:payment-request:${input.paymentRequestToken}`,
        // A shopper waits on the return and on the checkout guard (its caller says how long).
        waitSeconds: input.lockWaitSeconds ?? (input.source === "return" ? RETURN_LOCK_WAIT_SECONDS : undefined),
      }))
    )
    const loaded = loadPaymentRequestRecordStep({ input, lock })
    // The return route's settlement runs in an inline slot, taken under the lock so a waiting return holds none.
    const slot = when(
      "tikkie-payment-request-inline",
      { input, loaded },
      ({ input, loaded }) => !!input.inlineSlot && !loaded.outcome
    ).then(() => holdInlineSlotStep())
    const read = readPaymentRequestStep({ input, loaded, slot })
    const checked = checkCheckoutCartStep({ read })
    const prepared = prepareCartCompletionStep(checked.complete)
    // A placed order holds money received: nothing later undoes it (Medusa undoes its own failure).
    const completed = when(
      "tikkie-payment-request-complete",
      { prepared },
      ({ prepared }) => !!prepared.completeCartId
    ).then(() =>
      completeCartWorkflow.runAsStep({ input: { id: prepared.completeCartId! } }).config({
        name: "tikkie-payment-request-complete-cart",
        continueOnPermanentFailure: true,
        noCompensation: true,
      })
    )
    when("tikkie-payment-request-capture", { read }, ({ read }) => !!read.capture).then(() =>
      processPaymentWorkflow
        .runAsStep({ input: read.capture! })
        .config({ name: "tikkie-payment-request-capture", continueOnPermanentFailure: true, noCompensation: true })
    )
    const recorded = recordPaymentRequestOutcomeStep({
      input,
      read,
      checked,
      prepared,
      completedOrderId: transform({ completed }, ({ completed }) => completed?.id),
    }).config({ continueOnPermanentFailure: true, noCompensation: true })
    releaseSettlementHoldsStep({ slot, lock })
    // The record's write failed after the payment was settled: it stands; the next settlement writes it.
    const outcome = transform(
      { recorded, completed, prepared },
      ({ recorded, completed, prepared }): PaymentRequestOutcome => {
        const orderId = completed?.id ?? prepared.finishedOrderId
        return (
          recorded ?? (orderId ? { outcome: "completed", orderId } : { outcome: "retry", reason: "recording failed" })
        )
      }
    )
    return new WorkflowResponse(outcome)
  }
)
