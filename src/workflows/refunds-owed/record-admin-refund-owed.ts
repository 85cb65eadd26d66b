import { acquireLockStep, releaseLockStep } from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { loadOwedPaymentOrderStep } from "./steps/load-owed-payment-order"
import { recordAdminRefundOwedStep, type AdminRefundOwedInput } from "./steps/record-admin-refund-owed"

export type { AdminRefundOwedInput } from "./steps/record-admin-refund-owed"

export const recordAdminRefundOwedWorkflowId = "tikkie-record-admin-refund-owed"

/**
 * The admin's refund (Medusa's Refund on the order page) of a payment Tikkie cannot refund: recorded as
 * a refund owed of that amount, never more than the payment still holds once Medusa's refunds and the
 * refunds owed not yet paid are counted. Under the order's refund-owed lock, which the return, claim and
 * exchange records take too, so two refunds, or a refund and a return, never count the same money twice.
 * Answers the refund owed.
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
