import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { loadRefundOwedStep } from "./steps/load-refund-owed"
import { refundAtTikkieStep } from "./steps/refund-at-tikkie"
import { setRefundOwedRefundedStep } from "./steps/set-refund-owed-refunded"

export const refundOwedAtTikkieWorkflowId = "tikkie-refund-owed-at-tikkie"

/**
 * A second payment on a v2 link refunded through Tikkie, and the refund owed marked refunded with
 * Tikkie's refund as its reference. Medusa holds no record of this money, so nothing changes there.
 * Under a lock per refund owed (released on failure); a refund owed already refunded is answered as it
 * is; a retry after a failure finds the refund at Tikkie by its reference and never refunds twice.
 */
export const refundOwedAtTikkieWorkflow = createWorkflow(
  refundOwedAtTikkieWorkflowId,
  (input: WorkflowData<{ id: string; actor_id: string }>) => {
    const lockKey = transform({ input }, ({ input }) => `tikkie:refund-owed:${input.id}`)
    acquireLockStep({ key: lockKey, timeout: 30, ttl: 120 })
    const owed = loadRefundOwedStep(input.id)
    const updated = when("tikkie-refund-owed-at-tikkie-due", { owed }, ({ owed }) => owed.status !== "refunded").then(
      () => {
        const refundToken = refundAtTikkieStep(owed)
        return setRefundOwedRefundedStep(
          transform({ owed, input, refundToken }, ({ owed, input, refundToken }) => ({
            id: owed.id,
            actorId: input.actor_id,
            bankReference: `Tikkie refund ${refundToken}`,
            note: "Refunded at Tikkie",
            medusaRefundId: null,
          }))
        )
      }
    )
    const answer = transform({ owed, updated }, ({ owed, updated }) => updated ?? owed)
    releaseLockStep({ key: lockKey })
    return new WorkflowResponse(answer)
  }
)
