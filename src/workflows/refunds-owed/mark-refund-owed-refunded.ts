import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { loadRefundOwedStep } from "./steps/load-refund-owed"
import { markBankTransferRefundStep } from "./steps/mark-bank-transfer-refund"
import { recordMedusaRefundStep } from "./steps/record-medusa-refund"
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
 * Safe to repeat and across instances: under a lock per refund owed (released on failure); a refund owed
 * already refunded is answered as it is; the payment's data says whether Medusa's refund was already made
 * (it then carries Medusa's refund id), so a retry after a failure never makes a second one. A failure
 * before Medusa's refund takes the mark out of the payment's data again.
 */
export const markRefundOwedRefundedWorkflow = createWorkflow(markRefundOwedRefundedWorkflowId, (input: WorkflowData<MarkRefundedInput>) => {
  const lockKey = transform({ input }, ({ input }) => `tikkie:refund-owed:${input.id}`)
  acquireLockStep({ key: lockKey, timeout: 30, ttl: 120 })
  const owed = loadRefundOwedStep(input.id)

  const medusaRefundId = when(
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
    return recordMedusaRefundStep(
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

  const updated = when("tikkie-refund-owed-not-yet-refunded", { owed }, ({ owed }) => owed.status !== "refunded").then(() =>
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
  releaseLockStep({ key: lockKey })
  return new WorkflowResponse(answer)
})
