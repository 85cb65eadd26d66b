import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"
import {
  FAST_CHECKOUT_WEBHOOK_EVENT,
  fastCheckoutEventKey,
  PAYMENT_REQUEST_NOTIFICATION_EVENT,
  paymentRequestEventKey,
  type FastCheckoutWebhookEventData,
  type PaymentRequestNotificationEventData,
} from "../../utils/events"
import { hookEventOptions } from "../../utils/hook-event-options"
import { checkedMomentsAgo } from "../../utils/record-freshness"
import { fastCheckoutOutcomeFromRecord } from "../../fast-checkout/utils/outcome-from-record"
import type { SettleFastCheckoutInput, SettleOutcome } from "../../fast-checkout/utils/settle-outcome"
import { paymentRequestOutcomeFromRecord } from "../../payment-request/utils/outcome-from-record"
import type { PaymentRequestOutcome, SettlePaymentRequestInput } from "../../payment-request/utils/settle-outcome"

/**
 * Earlier checkouts settled inline per call, at most: each costs a shopper's wait and one or two Tikkie
 * reads (a Fast Checkout order is one GET; a link is its request and its payments, two), so a call reads
 * Tikkie at most 6 times, however many checkouts the cart piled up. The rest goes to the workers. Three:
 * a shopper who restarted checkout a few times (the usual case) is still checked in one call.
 */
export const INLINE_EARLIER_SETTLEMENTS = 3

/**
 * An unpaid earlier checkout read this recently (by this guard, the workers, the poll or a return) is
 * taken as still unpaid, without reading Tikkie again: repeated calls for one cart read each checkout at
 * most once per window. A payment made in those seconds whose notification is lost is found by the poll;
 * so the cart's newest checkout, the one a shopper may be paying right now, gets only the return routes'
 * "moments ago" (RECORD_FRESH_MS, two seconds).
 */
export const EARLIER_CHECKOUT_FRESH_MS = 30_000

/**
 * How long an inline settlement waits for its lock (whole seconds, one at least): a lock held longer means
 * another instance is settling that checkout right now, so the shopper is told "still confirming".
 */
export const INLINE_LOCK_WAIT_SECONDS = 1

export type EarlierOutcome = SettleOutcome | PaymentRequestOutcome

/** One earlier checkout of the cart that may have been paid and needs a settlement to tell. */
export interface EarlierCheckout {
  /** 0: known paid (Tikkie said so), settled first; 1: maybe paid (unread for a while). */
  rank: 0 | 1
  createdAt: number
  fastCheckout?: SettleFastCheckoutInput & { orderToken: string; referenceId: string; status: "NEW" | "PAID" }
  paymentRequest?: SettlePaymentRequestInput & { providerId: string }
}

export type EarlierPayments = { known: EarlierOutcome[]; inline: EarlierCheckout[]; later: EarlierCheckout[] }

/**
 * The cart's earlier Tikkie payments that may have been paid, before it gets a new payment session:
 * Fast Checkout records without an order that are NEW (the webhook may be lost) or PAID; checkout links
 * without an order that are still OPEN or have payments. Closed, unpaid ones are final, so a cart without
 * earlier Tikkie payments costs two indexed lookups and no call. Bounded, as the route is public:
 * - an unpaid one read less than EARLIER_CHECKOUT_FRESH_MS ago (the newest: two seconds) is taken as unpaid;
 * - one whose record already tells (outcome-from-record) is answered from it (`known`);
 * - of the rest, at most INLINE_EARLIER_SETTLEMENTS are settled now (`inline`), known-paid ones first, then
 *   the newest, with bounded waits; the others (`later`) are handed to the workers.
 */
export const findEarlierPaymentsStep = createStep(
  "tikkie-find-earlier-payments",
  async (input: { cartId: string }, { container }) => {
    return new StepResponse<EarlierPayments>(await findEarlierPayments(container, input.cartId))
  }
)

async function findEarlierPayments(container: MedusaContainer, cartId: string): Promise<EarlierPayments> {
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
  const known: EarlierOutcome[] = []
  const candidates: EarlierCheckout[] = []

  for (const r of fastCheckouts) {
    const fromRecord = fastCheckoutOutcomeFromRecord(r, now)
    if (fromRecord) {
      known.push(fromRecord)
      continue
    }
    if (r.status === "NEW" && fresh(r.last_checked_at, r.created_at)) continue
    candidates.push({
      rank: r.status === "PAID" ? 0 : 1,
      createdAt: new Date(r.created_at).getTime(),
      fastCheckout: {
        orderToken: r.order_token,
        referenceId: r.reference_id,
        status: r.status as "NEW" | "PAID",
        source: "checkout",
        lockWaitSeconds: INLINE_LOCK_WAIT_SECONDS,
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
    candidates.push({
      rank: paid ? 0 : 1,
      createdAt: new Date(l.created_at).getTime(),
      paymentRequest: {
        paymentRequestToken: l.payment_request_token,
        providerId: l.provider_id,
        source: "checkout",
        lockWaitSeconds: INLINE_LOCK_WAIT_SECONDS,
      },
    })
  }
  // Known-paid first (its order is what the shopper must hear of), then the newest: the one whose session
  // is still the cart's and the one a shopper most likely just paid.
  candidates.sort((a, b) => a.rank - b.rank || b.createdAt - a.createdAt)
  return {
    known,
    inline: candidates.slice(0, INLINE_EARLIER_SETTLEMENTS),
    later: candidates.slice(INLINE_EARLIER_SETTLEMENTS),
  }
}

/** Hands the checkouts not settled inline to the workers (events keyed per checkout, so repeats fold). */
export const handOverEarlierPaymentsStep = createStep(
  "tikkie-hand-over-earlier-payments",
  async (input: { later: EarlierCheckout[] }, { container }) => {
    const eventBus = container.resolve(Modules.EVENT_BUS)
    await Promise.all(
      input.later.map(async ({ fastCheckout: fc, paymentRequest: pr }) => {
        if (fc) {
          const data: FastCheckoutWebhookEventData = {
            order_token: fc.orderToken,
            reference_id: fc.referenceId,
            status: fc.status,
          }
          await eventBus.emit(
            { name: FAST_CHECKOUT_WEBHOOK_EVENT, data },
            hookEventOptions(fastCheckoutEventKey(fc.orderToken, fc.status))
          )
        } else if (pr) {
          const data: PaymentRequestNotificationEventData = {
            provider_id: pr.providerId,
            notification_type: "PAYMENT",
            payment_request_token: pr.paymentRequestToken,
          }
          await eventBus.emit(
            { name: PAYMENT_REQUEST_NOTIFICATION_EVENT, data },
            hookEventOptions(paymentRequestEventKey(pr.paymentRequestToken, "CHECKOUT"))
          )
        }
      })
    )
    return new StepResponse(input.later.length)
  }
)
