import { randomUUID } from "node:crypto"
import {
  acquireLockStep,
  refundPaymentsWorkflow,
  refundPaymentWorkflow,
  releaseLockStep,
} from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { loadRefundOwedStep } from "./steps/load-refund-owed"
import { markBankTransferRefundStep } from "./steps/mark-bank-transfer-refund"
import { checkMedusaRefundStep, prepareMedusaRefundStep } from "./steps/record-medusa-refund"
import { creditCancelledOrderStep } from "./steps/credit-cancelled-order"
import { setRefundOwedRefundedStep } from "./steps/set-refund-owed-refunded"

export interface MarkRefundedInput {
  id: string
  bank_reference: string
  note?: string
  /** The admin user who says the money was sent. */
  actor_id: string
}

export const markRefundOwedRefundedWorkflowId = "tikkie-mark-refund-owed-refunded"

/**
 * An admin paid a refund owed back by bank transfer: marked, then Medusa's own refund workflow records it
 * (the provider answers the refund naming the mark); a second payment, outside Medusa's records, is only
 * marked. Safe to repeat, under a lock per refund owed and per payment (docs/REFUNDS-OWED.md).
 */
export const markRefundOwedRefundedWorkflow = createWorkflow(
  markRefundOwedRefundedWorkflowId,
  (input: WorkflowData<MarkRefundedInput>) => {
    // Read before the lock to lock the payment too: two refunds owed of one payment book on one order.
    const unlocked = loadRefundOwedStep(input.id).config({ name: "tikkie-load-refund-owed-to-lock" })
    const lockKeys = transform({ input, unlocked }, ({ input, unlocked }) => [
      `tikkie:refund-owed:${input.id}`,
      ...(unlocked.payment_id ? [`tikkie:payment-data:${unlocked.payment_id}`] : []),
    ])
    // Named: only their owner may take keys again (in-memory locking refuses an unnamed one).
    const lockOwner = transform({ input }, () => `tikkie-mark-refunded:${randomUUID()}`)
    acquireLockStep({ key: lockKeys, ownerId: lockOwner, timeout: 30, ttl: 120 })
    const owed = loadRefundOwedStep(input.id)

    const prepared = when(
      "tikkie-refund-owed-recorded-in-medusa",
      { owed },
      ({ owed }) => owed.status !== "refunded" && owed.source !== "second_payment" && !!owed.payment_id
    ).then(() => {
      const marked = markBankTransferRefundStep(
        transform({ owed }, ({ owed }) => ({ refundOwedId: owed.id, paymentId: owed.payment_id! }))
      )
      return prepareMedusaRefundStep(
        transform({ owed, input, marked }, ({ owed, input, marked }) => ({
          refundOwedId: owed.id,
          orderId: owed.order_id,
          paymentId: owed.payment_id!,
          amountInCents: Number(owed.amount_in_cents),
          bankReference: input.bank_reference,
          note: input.note,
          actorId: input.actor_id,
          medusaRefundId: marked.medusaRefundId,
        }))
      )
    })
    // Medusa's refund is not undone by a later failure: Medusa cannot take a refund back, and the money went.
    when(
      "tikkie-refund-owed-cancelled-order",
      { prepared },
      ({ prepared }) => !!prepared?.refund && prepared.canceled
    ).then(() =>
      refundPaymentsWorkflow
        .runAsStep({ input: transform({ prepared }, ({ prepared }) => [prepared!.refund!]) })
        .config({ name: "tikkie-refund-owed-refund-payments", noCompensation: true })
    )
    when(
      "tikkie-refund-owed-open-order",
      { prepared },
      ({ prepared }) => !!prepared?.refund && !prepared.canceled
    ).then(() =>
      refundPaymentWorkflow
        .runAsStep({ input: transform({ prepared }, ({ prepared }) => prepared!.refund!) })
        .config({ name: "tikkie-refund-owed-refund-payment", noCompensation: true })
    )
    const medusaRefundId = when("tikkie-refund-owed-refund-made", { prepared }, ({ prepared }) => !!prepared).then(
      () => {
        const refunded = checkMedusaRefundStep(prepared!)
        // A cancelled order: the credit line Medusa's cancel adds after its own refund, now that there is one.
        creditCancelledOrderStep(
          transform({ owed, input, refunded }, ({ owed, input }) => ({
            refundOwedId: owed.id,
            orderId: owed.order_id,
            amountInCents: Number(owed.amount_in_cents),
            actorId: input.actor_id,
          }))
        )
        return refunded
      }
    )

    const updated = when(
      "tikkie-refund-owed-not-yet-refunded",
      { owed },
      ({ owed }) => owed.status !== "refunded"
    ).then(() =>
      setRefundOwedRefundedStep(
        transform({ owed, input, medusaRefundId }, ({ owed, input, medusaRefundId }) => ({
          id: owed.id,
          actorId: input.actor_id,
          bankReference: input.bank_reference,
          note: input.note,
          medusaRefundId: medusaRefundId ?? null,
        }))
      )
    )
    const answer = transform({ owed, updated }, ({ owed, updated }) => updated ?? owed)
    releaseLockStep({ key: lockKeys, ownerId: lockOwner })
    return new WorkflowResponse(answer)
  }
)
