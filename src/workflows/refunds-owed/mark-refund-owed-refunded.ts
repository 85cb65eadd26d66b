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
 * An admin paid a refund owed back by bank transfer. Medusa's records then show the refund, made by
 * Medusa's own refund workflow: the plugin first writes the marked refund into the payment's data
 * (`bankTransferRefunds`), and the provider answers that refund (only that amount, once) instead of
 * refusing it. A second payment was never in Medusa's records, so only the mark is kept for it.
 *
 * Safe to repeat and across instances: under a lock per refund owed and one per payment (released on
 * failure); a refund owed already refunded is answered as it is; the payment's data says whether Medusa's refund was already made
 * (it then carries Medusa's refund id), so a retry after a failure never makes a second one. A failure
 * before Medusa's refund takes the mark out of the payment's data again. On a cancelled order the refund
 * also gets the credit line Medusa's cancel would have added (creditCancelledOrderStep).
 */
export const markRefundOwedRefundedWorkflow = createWorkflow(
  markRefundOwedRefundedWorkflowId,
  (input: WorkflowData<MarkRefundedInput>) => {
    // The refund owed's payment never changes: read before the lock to lock the payment too. Every writer of
    // the payment's bank-transfer marks takes the payment's lock, so two refunds owed of one payment (a cancel
    // and a return) are not marked at once: each would write the marks without the other's.
    const unlocked = loadRefundOwedStep(input.id).config({ name: "tikkie-load-refund-owed-to-lock" })
    const lockKeys = transform({ input, unlocked }, ({ input, unlocked }) => [
      `tikkie:refund-owed:${input.id}`,
      ...(unlocked.payment_id ? [`tikkie:payment-data:${unlocked.payment_id}`] : []),
    ])
    // An owner of this run's own: a provider that takes the keys one by one keeps the ones it got while it
    // waits for the rest, and only their owner may take them again (in-memory locking refuses an unnamed one).
    const lockOwner = transform({ input }, () => `tikkie-mark-refunded:${randomUUID()}`)
    acquireLockStep({ key: lockKeys, ownerId: lockOwner, timeout: 30, ttl: 120 })
    const owed = loadRefundOwedStep(input.id)

    const prepared = when(
      "tikkie-refund-owed-recorded-in-medusa",
      { owed },
      ({ owed }) => owed.status !== "refunded" && owed.source !== "second_payment" && !!owed.payment_id
    ).then(() => {
      const marked = markBankTransferRefundStep(
        transform({ owed, input }, ({ owed, input }) => ({
          refundOwedId: owed.id,
          paymentId: owed.payment_id!,
          amountInCents: Number(owed.amount_in_cents),
          bankReference: input.bank_reference,
        }))
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
