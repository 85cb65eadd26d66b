import {
  acquireLockStep,
  createPaymentCollectionForCartWorkflow,
  createPaymentSessionsWorkflow,
  refreshPaymentCollectionForCartWorkflow,
  releaseLockStep,
} from "@medusajs/medusa/core-flows"
import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import {
  PAYMENT_REQUEST_INPUT_KEY,
  PaymentRequestSessionDataSchema,
} from "../../providers/payment-request/session-data"
import {
  checkLinkCheckoutStep,
  prepareLinkCheckoutStep,
  type LinkCheckoutInput,
  type StartedPaymentRequest,
} from "./steps/prepare-link-checkout"
import { recordSessionLinkStep } from "./steps/record-session-link"

export type { LinkCheckoutInput, StartedPaymentRequest } from "./steps/prepare-link-checkout"

export const startPaymentRequestCheckoutWorkflowId = "tikkie-start-payment-request-checkout"

/**
 * Starts (or resumes) paying a cart by payment link: the cart's payment collection brought up to date, an
 * open link for the same amount reused, or a session created through Medusa's createPaymentSessionsWorkflow
 * (whose provider makes the payment request at Tikkie) with the description computed here, and the request
 * recorded before the shopper is sent away. One start at a time per cart, across store instances (the
 * locking module; a failure releases it). A failure after the session undoes it (Medusa's compensation) and
 * leaves the record cancelled (see recordSessionLinkStep).
 */
export const startPaymentRequestCheckoutWorkflow = createWorkflow(
  startPaymentRequestCheckoutWorkflowId,
  (input: WorkflowData<LinkCheckoutInput>) => {
    const lockKey = transform({ input }, ({ input }) => `tikkie:payment-request:start:${input.cartId}`)
    acquireLockStep({ key: lockKey, timeout: 30, ttl: 120 })
    const checked = checkLinkCheckoutStep(input)
    when("tikkie-link-checkout-new-collection", { checked }, ({ checked }) => checked.collection === "create").then(
      () =>
        createPaymentCollectionForCartWorkflow
          .runAsStep({ input: { cart_id: checked.cart.id } })
          .config({ name: "tikkie-link-checkout-create-collection" })
    )
    when("tikkie-link-checkout-stale-collection", { checked }, ({ checked }) => checked.collection === "refresh").then(
      () => refreshPaymentCollectionForCartWorkflow.runAsStep({ input: { cart_id: checked.cart.id } })
    )
    const prepared = prepareLinkCheckoutStep({ input, checked })
    const created = when("tikkie-link-checkout-new-session", { prepared }, ({ prepared }) => !prepared.reuse).then(
      () => {
        const session = createPaymentSessionsWorkflow.runAsStep({
          input: transform({ prepared }, ({ prepared }) => ({
            payment_collection_id: prepared.collectionId,
            provider_id: prepared.providerId,
            customer_id: prepared.customerId,
            data: { [PAYMENT_REQUEST_INPUT_KEY]: prepared.sessionInput },
          })),
        })
        recordSessionLinkStep(
          transform({ session, prepared }, ({ session, prepared }) => ({
            session: {
              id: session.id,
              provider_id: prepared.providerId,
              payment_collection_id: prepared.collectionId,
              data: session.data as Record<string, unknown>,
            },
            extra: prepared.extra,
          }))
        )
        return transform({ session }, ({ session }): StartedPaymentRequest => {
          const data = PaymentRequestSessionDataSchema.parse(session.data)
          return { paymentUrl: data.url, paymentRequestToken: data.paymentRequestToken, paymentSessionId: session.id }
        })
      }
    )
    const started = transform({ prepared, created }, ({ prepared, created }) => (prepared.reuse ?? created)!)
    releaseLockStep({ key: lockKey })
    return new WorkflowResponse(started)
  }
)
