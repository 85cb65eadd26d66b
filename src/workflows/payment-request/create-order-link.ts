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
 * Creates a Tikkie link for what an order still owes (or a smaller amount), the way Medusa asks an order
 * for more money: an order payment collection with a session of the payment request provider (whose
 * initiatePayment makes the payment request at Tikkie), and the plugin's record of the link. When the link
 * is paid, the settlement runs Medusa's processPaymentWorkflow on that session: the payment is captured and
 * the order's outstanding amount drops by what was paid.
 *
 * One link at a time per order, across store instances (the locking module; the lock's lease outlasts a
 * slow Tikkie answer, and a failure releases it). A step that fails undoes the earlier ones: the session
 * goes (Medusa's own compensation), a collection made for the link goes with its link to the order, a
 * collection taken over gets its amount back, and the record is marked cancelled (see recordSessionLinkStep:
 * the payment request itself stays payable at Tikkie until it expires).
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
