import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import type { OrderChange } from "./utils/refund-owed-after-order-change"
import { recordRefundsOwedForOrderChangeStep } from "./steps/record-refunds-owed-for-order-change"

export type { OrderChange } from "./utils/refund-owed-after-order-change"

export const recordRefundOwedAfterOrderChangeWorkflowId = "tikkie-record-refund-owed-after-order-change"

/**
 * A received return, or a confirmed claim or exchange, that owes money back on a Tikkie payment Tikkie
 * cannot refund: recorded as refunds owed, under a lock per order (released on failure) so two changes
 * confirmed together never count the same money twice. Answers the ids of the refunds owed made now.
 */
export const recordRefundOwedAfterOrderChangeWorkflow = createWorkflow(
  recordRefundOwedAfterOrderChangeWorkflowId,
  (input: WorkflowData<OrderChange>) => {
    const lockKey = transform({ input }, ({ input }) => `tikkie:refund-owed:order:${input.order_id}`)
    acquireLockStep({ key: lockKey, timeout: 30, ttl: 60 })
    const made = recordRefundsOwedForOrderChangeStep(input)
    releaseLockStep({ key: lockKey })
    return new WorkflowResponse(made)
  }
)
