import { SHOPPER_MESSAGES, type ShopperLanguage, type ShopperMessages } from "./utils/shopper-messages"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { ShopperConflictError } from "../../utils/shopper-conflict-error"
import { TIKKIE_MODULE } from "../../modules/tikkie"
import type TikkieModuleService from "../../modules/tikkie/service"
import {
  FAST_CHECKOUT_WEBHOOK_EVENT,
  fastCheckoutEventKey,
  PAYMENT_REQUEST_NOTIFICATION_EVENT,
  paymentRequestEventKey,
  type FastCheckoutWebhookEventData,
  type PaymentRequestNotificationEventData,
} from "../utils/events"
import { hookEventOptions } from "../utils/hook-event-options"
import { checkedMomentsAgo } from "../utils/record-freshness"
import { fastCheckoutOutcomeFromRecord } from "../fast-checkout/utils/outcome-from-record"
import { settleFastCheckoutOrder } from "../fast-checkout/steps/settle-fast-checkout-order"
import type { SettleOutcome } from "../fast-checkout/utils/settle-outcome"
import { paymentRequestOutcomeFromRecord } from "../payment-request/utils/outcome-from-record"
import { settlePaymentRequest } from "../payment-request/steps/settle-payment-request"
import type { PaymentRequestOutcome } from "../payment-request/utils/settle-outcome"
import { currentTraceparent } from "../../utils/tracing"
import { traceSettlement } from "../utils/settlement-span"

/** What the shopper is told when a new payment for a cart is refused because an earlier one was made. */
/**
 * Earlier checkouts settled inline per call, at most: each costs a shopper's wait and one or two Tikkie
 * reads (a Fast Checkout order is one GET; a link is its request and its payments, two), so a call reads
 * Tikkie at most 6 times, however many checkouts the cart piled up. The rest goes to the workers. Three:
 * a shopper who restarted checkout a few times (the usual case) is still checked in one call.
 */
export const INLINE_EARLIER_SETTLEMENTS = 3

/**
 * An unpaid earlier checkout read this recently (by this guard, the workers it handed over to, the poll
 * or a return) is taken as still unpaid, without reading Tikkie again: repeated calls for one cart (a
 * storefront retrying, a shopper switching providers, someone hammering the route) read each checkout at
 * most once per window. Thirty seconds: a shopper told "still confirming" reloads within it and passes on
 * what the workers read meanwhile. The risk it takes is a payment made in those seconds whose
 * notification is lost, which the poll then finds (kept as a problem if its session is gone, never
 * dropped); so the cart's newest checkout, the one a shopper may be paying right now, gets only the
 * return routes' "moments ago" (RECORD_FRESH_MS, two seconds).
 */
export const EARLIER_CHECKOUT_FRESH_MS = 30_000

/**
 * How long an inline settlement waits for its lock (the locking module counts whole seconds, one at
 * least): a lock held longer means another instance is settling that checkout right now, so the shopper
 * is told "still confirming" instead of waiting on it (a settlement's own default wait is 60 s).
 */
export const INLINE_LOCK_WAIT_SECONDS = 1

type Outcome = SettleOutcome | PaymentRequestOutcome

/** One earlier checkout of the cart that may have been paid and needs a settlement to tell. */
interface Candidate {
  /** 0: known paid (Tikkie said so), settled first; 1: maybe paid (unread for a while). */
  rank: 0 | 1
  createdAt: number
  settle: () => Promise<Outcome>
  handOver: () => Promise<void>
}

/**
 * Before a cart gets a new payment session (a Tikkie one or any other provider's), every earlier Tikkie
 * payment of that cart that may have been paid is settled first. Medusa's createPaymentSessionsWorkflow
 * deletes the cart's other sessions, so a paid Fast Checkout order or payment link whose settlement has
 * not finished yet (webhook lost, settlement retrying, a recorded problem) would lose its session, and
 * the shopper would be sent to pay a second time.
 *
 * Looked at: Fast Checkout records of the cart without an order that are NEW (the webhook may be lost)
 * or PAID; checkout links without an order that are still OPEN (payable, also after the shop cancelled
 * them: Tikkie cannot close a link) or have payments. Closed, unpaid ones are final and skipped, so a cart
 * without earlier Tikkie payments costs two indexed lookups and no call.
 *
 * The route is public and runs for every provider, so its cost is bounded whatever the cart holds:
 * - an unpaid one read less than EARLIER_CHECKOUT_FRESH_MS ago (the newest: two seconds) is taken as unpaid, unread;
 * - one whose record already tells (settled, paid moments ago and being completed: outcome-from-record)
 *   is answered from it;
 * - of the rest, at most INLINE_EARLIER_SETTLEMENTS are settled now, side by side, known-paid ones first,
 *   then the newest; with bounded waits (INLINE_LOCK_WAIT_SECONDS for the lock, a second for a Fast
 *   Checkout rate slot), so a busy one answers "retry" instead of holding the shopper;
 * - the others are handed to the workers (the webhook and notification events, keyed per checkout so
 *   repeats fold), and the shopper is told "still confirming": until they are read, each may be paid.
 *
 * Throws a 409 with a message for the shopper (ShopperConflictError) when the cart has been paid, or may be:
 * - it became an order now or before (`completed`);
 * - it was paid but cannot become an order (`problem`: kept and shown to the admin by the settlement);
 * - its state could not be settled yet (`confirming`: Tikkie unreachable, another instance settling it,
 *   handed over to the workers). While Tikkie cannot be read a new checkout could not be made there
 *   either, and a second payment is worse than a short wait.
 */
export async function settleEarlierPaymentsOfCart(
  container: MedusaContainer,
  cartId: string,
  language: ShopperLanguage = "en"
): Promise<void> {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [fastCheckouts, links] = await Promise.all([
    tikkie.listFastCheckoutOrders(
      { cart_id: cartId, medusa_order_id: null, status: ["NEW", "PAID"] },
      {
        select: [
          "order_token",
          "reference_id",
          "status",
          "medusa_order_id",
          "problem",
          "attempts",
          "last_checked_at",
          "created_at",
        ],
      }
    ),
    tikkie.listPaymentRequests(
      { cart_id: cartId, kind: "checkout", order_id: null },
      {
        select: [
          "payment_request_token",
          "provider_id",
          "status",
          "payments",
          "problem",
          "attempts",
          "amount_in_cents",
          "medusa_payment_id",
          "order_id",
          "last_checked_at",
          "created_at",
        ],
      }
    ),
  ])
  const hasPayments = (l: (typeof links)[number]) =>
    ((l.payments as { items?: unknown[] } | null)?.items?.length ?? 0) > 0
  // Closed, unpaid links are final.
  const payable = links.filter((l) => l.status === "OPEN" || l.problem || hasPayments(l))
  const now = Date.now()
  const newest = Math.max(...[...fastCheckouts, ...payable].map((r) => new Date(r.created_at).getTime()))
  const fresh = (at: Date | string | null | undefined, createdAt: Date | string) =>
    new Date(createdAt).getTime() === newest
      ? checkedMomentsAgo(at, now)
      : !!at && now - new Date(at).getTime() < EARLIER_CHECKOUT_FRESH_MS
  const known: Outcome[] = []
  const candidates: Candidate[] = []
  const eventBus = () => container.resolve(Modules.EVENT_BUS)

  for (const r of fastCheckouts) {
    const fromRecord = fastCheckoutOutcomeFromRecord(r, now)
    if (fromRecord) {
      known.push(fromRecord)
      continue
    }
    if (r.status === "NEW" && fresh(r.last_checked_at, r.created_at)) continue
    const orderToken = r.order_token
    candidates.push({
      rank: r.status === "PAID" ? 0 : 1,
      createdAt: new Date(r.created_at).getTime(),
      settle: () => {
        const input = { orderToken, source: "checkout" as const, lockWaitSeconds: INLINE_LOCK_WAIT_SECONDS }
        return traceSettlement("fast_checkout", input, () => settleFastCheckoutOrder(container, input))
      },
      handOver: async () => {
        const data: FastCheckoutWebhookEventData = {
          order_token: orderToken,
          reference_id: r.reference_id,
          status: r.status,
          traceparent: currentTraceparent(),
        }
        await eventBus().emit(
          { name: FAST_CHECKOUT_WEBHOOK_EVENT, data },
          hookEventOptions(fastCheckoutEventKey(orderToken, r.status))
        )
      },
    })
  }
  for (const l of payable) {
    const fromRecord = paymentRequestOutcomeFromRecord(l, now)
    if (fromRecord) {
      known.push(fromRecord)
      continue
    }
    const paid = hasPayments(l) || !!l.problem
    if (!paid && fresh(l.last_checked_at, l.created_at)) continue
    const paymentRequestToken = l.payment_request_token
    candidates.push({
      rank: paid ? 0 : 1,
      createdAt: new Date(l.created_at).getTime(),
      settle: () => {
        const input = { paymentRequestToken, source: "checkout" as const, lockWaitSeconds: INLINE_LOCK_WAIT_SECONDS }
        return traceSettlement("payment_request", input, () => settlePaymentRequest(container, input))
      },
      handOver: async () => {
        const data: PaymentRequestNotificationEventData = {
          provider_id: l.provider_id,
          notification_type: "PAYMENT",
          payment_request_token: paymentRequestToken,
          traceparent: currentTraceparent(),
        }
        await eventBus().emit(
          { name: PAYMENT_REQUEST_NOTIFICATION_EVENT, data },
          hookEventOptions(paymentRequestEventKey(paymentRequestToken, "CHECKOUT"))
        )
      },
    })
  }
  if (!known.length && !candidates.length) return

  // Known-paid first (its order is what the shopper must hear of), then the newest: the one whose session
  // is still the cart's and the one a shopper most likely just paid.
  candidates.sort((a, b) => a.rank - b.rank || b.createdAt - a.createdAt)
  const inline = candidates.slice(0, INLINE_EARLIER_SETTLEMENTS)
  const later = candidates.slice(INLINE_EARLIER_SETTLEMENTS)
  const outcomes = [...known, ...(await Promise.all(inline.map((c) => c.settle())))]
  // Handed over after the inline ones ran, so the workers' reads never hold up this call's.
  await Promise.all(later.map((c) => c.handOver()))
  const said = SHOPPER_MESSAGES[language]
  refuseIfPaid(outcomes, said)
  if (later.length) throw new ShopperConflictError(said.confirming)
}

function refuseIfPaid(outcomes: Outcome[], said: ShopperMessages): void {
  for (const o of outcomes) {
    if (o.outcome === "completed" || o.outcome === "already-completed") {
      throw new ShopperConflictError(said.paidAsOrder(o.orderId))
    }
  }
  if (outcomes.some((o) => o.outcome === "problem")) throw new ShopperConflictError(said.paidNotPlaced)
  if (outcomes.some((o) => o.outcome === "retry")) throw new ShopperConflictError(said.confirming)
}
