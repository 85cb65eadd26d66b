import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { loadOwedPaymentOrderStep } from "./steps/load-owed-payment-order"
import { recordAdminRefundOwedStep, type AdminRefundOwedInput } from "./steps/record-admin-refund-owed"

export type { AdminRefundOwedInput } from "./steps/record-admin-refund-owed"

export const recordAdminRefundOwedWorkflowId = "tikkie-record-admin-refund-owed"

/**
 * An admin's refund of a payment Tikkie cannot refund, recorded as a refund owed of at most what the
 * payment still holds. Under the order's refund-owed lock, so no two refunds count the same money.
 */
export const recordAdminRefundOwedWorkflow = createWorkflow(
  recordAdminRefundOwedWorkflowId,
  (input: WorkflowData<AdminRefundOwedInput>) => {
    const payment = loadOwedPaymentOrderStep(input.payment_id)
    const lockKey = transform(
      { payment },
      ({ payment }) => `tikkie:refund-owed:order:${payment.order_id ?? `payment:${payment.id}`}`
    )
    acquireLockStep({ key: lockKey, timeout: 30, ttl: 60 })
    const owed = recordAdminRefundOwedStep(input)
    releaseLockStep({ key: lockKey })
    return new WorkflowResponse(owed)
  }
)
