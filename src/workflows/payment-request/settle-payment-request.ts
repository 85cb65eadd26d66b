import type { MedusaContainer } from "@medusajs/framework/types"
import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { completeCartWorkflow, processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { RETURN_LOCK_WAIT_SECONDS } from "../../utils/lock-timeout"
import type { PaymentRequestOutcome, SettlePaymentRequestInput } from "./utils/settle-outcome"
import {
  checkCheckoutCartStep,
  loadPaymentRequestRecordStep,
  readPaymentRequestStep,
  recordExistingCheckoutOrderStep,
  recordPaymentRequestOutcomeStep,
} from "./steps/settle-payment-request"
import { traceSettlement } from "../utils/settlement-span"
import { prepareCartCompletionStep } from "../checkout/steps/prepare-cart-completion"
import { finishHalfMadeOrderWorkflow } from "../checkout/finish-half-made-order"
import {
  holdInlineSlotStep,
  holdSettlementLockStep,
  releaseSettlementHoldsStep,
} from "../checkout/steps/settlement-holds"

export type { PaymentRequestOutcome, SettlePaymentRequestInput } from "./utils/settle-outcome"

/** Runs the settlement in its span (traceSettlement): what the notification, return, poll and reminders call. */
export async function settlePaymentRequest(
  container: MedusaContainer,
  input: SettlePaymentRequestInput
): Promise<PaymentRequestOutcome> {
  return traceSettlement("payment_request", input, async () => {
    return (await settlePaymentRequestWorkflow(container).run({ input })).result
  })
}

export const settlePaymentRequestWorkflowId = "tikkie-settle-payment-request"

/**
 * Settles a payment request with what Tikkie reports, whoever asks: under a lock per request, one read of
 * Tikkie; a paid checkout link's cart completed once (as for Fast Checkout, a half-made order finished),
 * an order link's payment captured with processPaymentWorkflow, an invoice link's payments recorded.
 */
export const settlePaymentRequestWorkflow = createWorkflow(
  settlePaymentRequestWorkflowId,
  (input: WorkflowData<SettlePaymentRequestInput>) => {
    const lock = holdSettlementLockStep(
      transform({ input }, ({ input }) => ({
        key: `tikkie:payment-request:${input.paymentRequestToken}`,
        waitSeconds: input.lockWaitSeconds ?? (input.source === "return" ? RETURN_LOCK_WAIT_SECONDS : undefined),
      }))
    )
    const loaded = loadPaymentRequestRecordStep({ input, lock })
    const slot = when(
      "tikkie-payment-request-inline",
      { input, loaded },
      ({ input, loaded }) => !!input.inlineSlot && !loaded.outcome
    ).then(() => holdInlineSlotStep())
    const read = readPaymentRequestStep({ input, loaded, slot })
    const checked = checkCheckoutCartStep({ read })
    const prepared = prepareCartCompletionStep(checked.complete)
    const finish = transform({ checked, prepared }, ({ checked, prepared }) => checked.finish ?? prepared.finish)
    // Undoes only its own steps when it fails: once finished, the order is whole and stays so.
    when("tikkie-payment-request-half-made", { finish }, ({ finish }) => !!finish).then(() => {
      finishHalfMadeOrderWorkflow
        .runAsStep({ input: finish! })
        .config({ name: "tikkie-payment-request-finish-order", noCompensation: true })
    })
    const settledExisting = when(
      "tikkie-payment-request-existing",
      { checked },
      ({ checked }) => !!checked.existingOrderId
    ).then(() => recordExistingCheckoutOrderStep({ read, checked }))
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
      settledExisting,
    }).config({ continueOnPermanentFailure: true, noCompensation: true })
    releaseSettlementHoldsStep({ slot, lock })
    const outcome = transform(
      { recorded, completed, prepared },
      ({ recorded, completed, prepared }): PaymentRequestOutcome => {
        const orderId = completed?.id ?? prepared.finish?.orderId
        return (
          recorded ?? (orderId ? { outcome: "completed", orderId } : { outcome: "retry", reason: "recording failed" })
        )
      }
    )
    return new WorkflowResponse(outcome)
  }
)
