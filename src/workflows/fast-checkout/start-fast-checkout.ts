import {
  acquireLockStep,
  createPaymentCollectionForCartWorkflow,
  createPaymentSessionsWorkflow,
  refreshPaymentCollectionForCartWorkflow,
  releaseLockStep,
} from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { FAST_CHECKOUT_CART_KEY, FastCheckoutSessionDataSchema } from "../../providers/fast-checkout/session-data"
import {
  checkFastCheckoutStartStep,
  prepareFastCheckoutStep,
  type FastCheckoutStartInput,
  type StartedFastCheckout,
} from "./steps/prepare-fast-checkout"
import { recordFastCheckoutSessionStep } from "./steps/record-fast-checkout-session"

export type { FastCheckoutStartInput, StartedFastCheckout } from "./steps/prepare-fast-checkout"

export const startFastCheckoutWorkflowId = "tikkie-start-fast-checkout"

/**
 * Starts (or resumes) Fast Checkout for a cart: its payment collection brought up to date, an open
 * session reused or one created with Medusa's createPaymentSessionsWorkflow, the orderToken recorded. One
 * start per cart at a time; a failure after the session undoes it, the record stays.
 */
export const startFastCheckoutWorkflow = createWorkflow(
  startFastCheckoutWorkflowId,
  (input: WorkflowData<FastCheckoutStartInput>) => {
    const lockKey = transform({ input }, ({ input }) => `tikkie:fast-checkout:start:${input.cartId}`)
    acquireLockStep({ key: lockKey, timeout: 30, ttl: 120 })
    const checked = checkFastCheckoutStartStep(input)
    const created = when("tikkie-fast-checkout-new-collection", { checked }, ({ checked }) => {
      return checked.collection === "create"
    }).then(() =>
      createPaymentCollectionForCartWorkflow
        .runAsStep({ input: { cart_id: checked.cart.id } })
        .config({ name: "tikkie-fast-checkout-create-collection" })
    )
    when("tikkie-fast-checkout-stale-collection", { checked }, ({ checked }) => checked.collection === "refresh").then(
      () => refreshPaymentCollectionForCartWorkflow.runAsStep({ input: { cart_id: checked.cart.id } })
    )
    const prepared = prepareFastCheckoutStep({ input, checked, created })
    const session = when("tikkie-fast-checkout-new-session", { prepared }, ({ prepared }) => !prepared.reuse).then(
      () => {
        const session = createPaymentSessionsWorkflow.runAsStep({
          input: transform({ prepared }, ({ prepared }) => ({
            payment_collection_id: prepared.collectionId,
            provider_id: prepared.providerId,
            customer_id: prepared.customerId,
            data: { [FAST_CHECKOUT_CART_KEY]: prepared.cartInput },
          })),
        })
        recordFastCheckoutSessionStep(
          transform({ session, prepared }, ({ session, prepared }) => ({
            id: session.id,
            provider_id: prepared.providerId,
            data: session.data as Record<string, unknown>,
          }))
        )
        return transform({ session }, ({ session }): StartedFastCheckout => {
          const data = FastCheckoutSessionDataSchema.parse(session.data)
          return { checkoutUrl: data.checkoutUrl, orderToken: data.orderToken, paymentSessionId: session.id }
        })
      }
    )
    const started = transform({ prepared, session }, ({ prepared, session }) => (prepared.reuse ?? session)!)
    releaseLockStep({ key: lockKey })
    return new WorkflowResponse(started)
  }
)
