import type { MedusaContainer } from "@medusajs/framework/types"
import { ShopperConflictError } from "../shopper-conflict-error"
import { TIKKIE_MODULE } from "../../modules/tikkie"
import type TikkieModuleService from "../../modules/tikkie/service"
import { settleFastCheckoutOrder, type SettleOutcome } from "../fast-checkout/settle-fast-checkout-order"
import { settlePaymentRequest, type PaymentRequestOutcome } from "../payment-request/settle-payment-request"

/** What the shopper is told when a new payment for a cart is refused because an earlier one was made. */
export const EARLIER_PAYMENT_MESSAGES = {
  completed: (orderId: string) =>
    `This cart has already been paid with Tikkie and is now order ${orderId}. There is nothing more to pay.`,
  problem:
    "Your Tikkie payment for this cart has been received, but the order could not be created automatically. " +
    "The shop has been told and will contact you; please do not pay again.",
  confirming:
    "We are still confirming an earlier Tikkie payment for this cart. Please wait a moment and reload the page; do not pay again.",
}

type Outcome = SettleOutcome | PaymentRequestOutcome

/**
 * Before a cart gets a new payment session (a Tikkie one or any other provider's), every earlier Tikkie
 * payment of that cart that may have been paid is settled first. Medusa's createPaymentSessionsWorkflow
 * deletes the cart's other sessions, so a paid Fast Checkout order or payment link whose settlement has
 * not finished yet (webhook lost, settlement retrying, a recorded problem) would lose its session, and
 * the shopper would be sent to pay a second time.
 *
 * Settled here: Fast Checkout records of the cart without an order that are NEW (the webhook may be
 * lost: Tikkie is read) or PAID; checkout links without an order that are still OPEN (payable, also
 * after the shop cancelled them: Tikkie cannot close a link) or have payments. Closed, unpaid ones are
 * final and skipped, so a cart without earlier Tikkie payments costs two indexed lookups and no call.
 *
 * Throws a 409 with a message for the shopper (ShopperConflictError) when the cart has been paid:
 * - it became an order now or before (`completed`);
 * - it was paid but cannot become an order (`problem`: kept and shown to the admin by the settlement);
 * - its state could not be settled yet (`retry`: Tikkie unreachable, or another instance is settling it).
 *   This is also answered when an earlier checkout is only possibly paid: while Tikkie cannot be read,
 *   a new checkout could not be made there either, and a second payment is worse than a short wait.
 */
export async function settleEarlierPaymentsOfCart(container: MedusaContainer, cartId: string): Promise<void> {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [fastCheckouts, links] = await Promise.all([
    tikkie.listFastCheckoutOrders(
      { cart_id: cartId, medusa_order_id: null, status: ["NEW", "PAID"] },
      { select: ["order_token"] }
    ),
    tikkie.listPaymentRequests(
      { cart_id: cartId, kind: "checkout", order_id: null },
      { select: ["payment_request_token", "status", "payments", "problem"] }
    ),
  ])
  const mayBePaid = links.filter(
    (l) => l.status === "OPEN" || l.problem || ((l.payments as { items?: unknown[] } | null)?.items?.length ?? 0) > 0
  )
  if (!fastCheckouts.length && !mayBePaid.length) return

  const outcomes: Outcome[] = []
  for (const r of fastCheckouts) outcomes.push(await settleFastCheckoutOrder(container, { orderToken: r.order_token, source: "checkout" }))
  for (const l of mayBePaid) {
    outcomes.push(await settlePaymentRequest(container, { paymentRequestToken: l.payment_request_token, source: "checkout" }))
  }
  refuseIfPaid(outcomes)
}

function refuseIfPaid(outcomes: Outcome[]): void {
  for (const o of outcomes) {
    if (o.outcome === "completed" || o.outcome === "already-completed") {
      throw new ShopperConflictError(EARLIER_PAYMENT_MESSAGES.completed(o.orderId))
    }
  }
  if (outcomes.some((o) => o.outcome === "problem")) throw new ShopperConflictError(EARLIER_PAYMENT_MESSAGES.problem)
  if (outcomes.some((o) => o.outcome === "retry")) throw new ShopperConflictError(EARLIER_PAYMENT_MESSAGES.confirming)
}
