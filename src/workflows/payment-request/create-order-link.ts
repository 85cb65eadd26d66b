import {
  acquireLockStep,
  createOrderPaymentCollectionWorkflow,
  createPaymentSessionsWorkflow,
  releaseLockStep,
} from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { PAYMENT_REQUEST_INPUT_KEY } from "../../providers/payment-request/session-data"
import { findReusableOrderCollectionStep } from "./steps/find-reusable-order-collection"
import { planOrderLinkStep, type OrderLinkInput } from "./steps/plan-order-link"
import { recordSessionLinkStep } from "./steps/record-session-link"
import { setPaymentCollectionAmountStep } from "./steps/set-payment-collection-amount"

export type { OrderLinkInput } from "./steps/plan-order-link"

export const createOrderPaymentLinkWorkflowId = "tikkie-create-order-payment-link"

/**
 * A link for what an order still owes, as Medusa asks an order for more money: an order payment
 * collection with a session of this provider, settled later by processPaymentWorkflow. One link at a
 * time per order (locking module); a failed step undoes the earlier ones, though the Tikkie request
 * itself stays payable until it expires.
 */
export const createOrderPaymentLinkWorkflow = createWorkflow(
  createOrderPaymentLinkWorkflowId,
  (input: WorkflowData<OrderLinkInput>) => {
    const lockKey = transform({ input }, ({ input }) => `tikkie:payment-request:order:${input.orderId}`)
    acquireLockStep({ key: lockKey, timeout: 30, ttl: 120 })
    const plan = planOrderLinkStep(input)
    const reusable = findReusableOrderCollectionStep({ orderId: input.orderId })

    const reused = when("tikkie-order-link-take-over-collection", { reusable }, ({ reusable }) => !!reusable).then(() =>
      setPaymentCollectionAmountStep(
        transform({ reusable, plan }, ({ reusable, plan }) => ({
          id: reusable!.id,
          amount: plan.collectionAmount,
          previousAmount: reusable!.amount,
        }))
      )
    )
    const created = when("tikkie-order-link-new-collection", { reusable }, ({ reusable }) => !reusable).then(() =>
      createOrderPaymentCollectionWorkflow.runAsStep({
        input: transform({ plan }, ({ plan }) => ({ order_id: plan.orderId, amount: plan.collectionAmount })),
      })
    )
    const collectionId = transform({ reused, created }, ({ reused, created }) => reused?.id ?? created![0].id)

    const session = createPaymentSessionsWorkflow.runAsStep({
      input: transform({ plan, collectionId }, ({ plan, collectionId }) => ({
        payment_collection_id: collectionId,
        provider_id: plan.providerId,
        data: {
          [PAYMENT_REQUEST_INPUT_KEY]: {
            description: plan.description,
            expiryDate: plan.expiryDate,
            ...(plan.v1 ? { v1: plan.v1 } : {}),
          },
        },
      })),
    })
    const record = recordSessionLinkStep(
      transform({ session, plan, collectionId }, ({ session, plan, collectionId }) => ({
        session: {
          id: session.id,
          provider_id: plan.providerId,
          payment_collection_id: collectionId,
          data: session.data as Record<string, unknown>,
        },
        extra: { kind: "order" as const, orderId: plan.orderId },
      }))
    )
    releaseLockStep({ key: lockKey })
    return new WorkflowResponse(record)
  }
)
