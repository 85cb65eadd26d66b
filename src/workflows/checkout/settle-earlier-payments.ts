import { createWorkflow, transform, when, WorkflowResponse, type WorkflowData } from "@medusajs/framework/workflows-sdk"
import { SHOPPER_MESSAGES, type ShopperLanguage } from "./utils/shopper-messages"
import { settleFastCheckoutOrderWorkflow } from "../fast-checkout/settle-fast-checkout-order"
import { settlePaymentRequestWorkflow } from "../payment-request/settle-payment-request"
import {
  findEarlierPaymentsStep,
  handOverEarlierPaymentsStep,
  INLINE_EARLIER_SETTLEMENTS,
  type EarlierOutcome,
} from "./steps/find-earlier-payments"

export {
  EARLIER_CHECKOUT_FRESH_MS,
  INLINE_EARLIER_SETTLEMENTS,
  INLINE_LOCK_WAIT_SECONDS,
} from "./steps/find-earlier-payments"

export const settleEarlierPaymentsWorkflowId = "tikkie-settle-earlier-payments"

export type EarlierPaymentsResult = { outcomes: EarlierOutcome[]; handedOver: number }

/**
 * Settles the cart's earlier Tikkie payments that may have been paid: a few inline, the rest handed over.
 * It refuses nothing itself, so an order its settlements placed keeps its events whatever the caller does.
 */
export const settleEarlierPaymentsWorkflow = createWorkflow(
  settleEarlierPaymentsWorkflowId,
  (input: WorkflowData<{ cartId: string }>) => {
    const earlier = findEarlierPaymentsStep(input)
    const settled = Array.from({ length: INLINE_EARLIER_SETTLEMENTS }, (_, i) => {
      const fastCheckout = when(`tikkie-earlier-fast-checkout-${i}`, { earlier }, ({ earlier }) => {
        return !!earlier.inline[i]?.fastCheckout
      }).then(() =>
        settleFastCheckoutOrderWorkflow
          .runAsStep({
            input: transform({ earlier }, ({ earlier }) => {
              const { orderToken, source, lockWaitSeconds } = earlier.inline[i].fastCheckout!
              return { orderToken, source, lockWaitSeconds }
            }),
          })
          .config({
            name: `tikkie-settle-earlier-fast-checkout-${i}`,
            continueOnPermanentFailure: true,
            noCompensation: true,
          })
      )
      const paymentRequest = when(`tikkie-earlier-payment-request-${i}`, { earlier }, ({ earlier }) => {
        return !!earlier.inline[i]?.paymentRequest
      }).then(() =>
        settlePaymentRequestWorkflow
          .runAsStep({
            input: transform({ earlier }, ({ earlier }) => {
              const { paymentRequestToken, source, lockWaitSeconds } = earlier.inline[i].paymentRequest!
              return { paymentRequestToken, source, lockWaitSeconds }
            }),
          })
          .config({
            name: `tikkie-settle-earlier-payment-request-${i}`,
            continueOnPermanentFailure: true,
            noCompensation: true,
          })
      )
      return transform({ earlier, fastCheckout, paymentRequest }, ({ earlier, fastCheckout, paymentRequest }) =>
        i < earlier.inline.length
          ? (((fastCheckout ?? paymentRequest) as EarlierOutcome | undefined) ?? {
              outcome: "retry" as const,
              reason: "its settlement failed",
            })
          : undefined
      )
    })
    const handedOver = handOverEarlierPaymentsStep({ later: earlier.later })
    const result = transform(
      { earlier, handedOver, s0: settled[0], s1: settled[1], s2: settled[2] },
      ({ earlier, handedOver, s0, s1, s2 }): EarlierPaymentsResult => ({
        outcomes: [...earlier.known, ...[s0, s1, s2].filter((o): o is EarlierOutcome => !!o)],
        handedOver,
      })
    )
    return new WorkflowResponse(result)
  }
)

export type CheckoutRefusal = { message: string; orderId?: string }

/** The refusal the settled outcomes call for: the cart has paid, or may have (a second payment is worse than a wait). */
export function earlierPaymentsRefusal(
  result: EarlierPaymentsResult,
  language: ShopperLanguage = "en"
): CheckoutRefusal | undefined {
  const said = SHOPPER_MESSAGES[language]
  for (const o of result.outcomes) {
    if (o.outcome === "completed" || o.outcome === "already-completed") {
      return { message: said.paidAsOrder(o.orderId), orderId: o.orderId }
    }
  }
  if (result.outcomes.some((o) => o.outcome === "problem")) return { message: said.paidNotPlaced }
  if (result.outcomes.some((o) => o.outcome === "retry") || result.handedOver) return { message: said.confirming }
  return undefined
}

/**
 * The settlement as a step of a checkout start. Its refusal is returned, not thrown: the start then succeeds,
 * so Medusa releases the events (`order.placed`) the settlement grouped with it.
 */
export function settleEarlierPaymentsForStart(
  input: WorkflowData<{ cartId: string; language?: ShopperLanguage }>,
  name: string
): WorkflowData<CheckoutRefusal | undefined> {
  const settled = settleEarlierPaymentsWorkflow
    .runAsStep({ input: transform({ input }, ({ input }) => ({ cartId: input.cartId })) })
    .config({ name: `${name}-settle-earlier-payments` })
  return transform({ settled, input }, ({ settled, input }) => earlierPaymentsRefusal(settled, input.language))
}
