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
import { currentTraceparent } from "../../../utils/tracing"
import { checkedMomentsAgo } from "../../utils/record-freshness"
import { fastCheckoutOutcomeFromRecord } from "../../fast-checkout/utils/outcome-from-record"
import type { SettleFastCheckoutInput, SettleOutcome } from "../../fast-checkout/utils/settle-outcome"
import { paymentRequestOutcomeFromRecord } from "../../payment-request/utils/outcome-from-record"
import type { PaymentRequestOutcome, SettlePaymentRequestInput } from "../../payment-request/utils/settle-outcome"

/** Earlier checkouts settled inline per call, at most (each costs one or two Tikkie reads); the rest go to the workers. */
export const INLINE_EARLIER_SETTLEMENTS = 3

/** An unpaid earlier checkout read this recently is taken as unpaid unread (the newest: RECORD_FRESH_MS only). */
export const EARLIER_CHECKOUT_FRESH_MS = 30_000

/** An inline settlement's wait for its lock: held longer, another instance is settling it ("still confirming"). */
export const INLINE_LOCK_WAIT_SECONDS = 1

export type EarlierOutcome = SettleOutcome | PaymentRequestOutcome

export interface EarlierCheckout {
  /** 0: known paid, settled first; 1: maybe paid. */
  rank: 0 | 1
  createdAt: number
  fastCheckout?: SettleFastCheckoutInput & { orderToken: string; referenceId: string; status: "NEW" | "PAID" }
  paymentRequest?: SettlePaymentRequestInput & { providerId: string }
}

export type EarlierPayments = { known: EarlierOutcome[]; inline: EarlierCheckout[]; later: EarlierCheckout[] }

/**
 * The cart's earlier Tikkie payments that may have been paid: Fast Checkout orders NEW or PAID and links
 * OPEN or with payments, none an order yet. Answered from the record when it tells (`known`); of the rest
 * the first INLINE_EARLIER_SETTLEMENTS, known-paid then newest, are settled now (`inline`), the others later.
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
  candidates.sort((a, b) => a.rank - b.rank || b.createdAt - a.createdAt)
  return {
    known,
    inline: candidates.slice(0, INLINE_EARLIER_SETTLEMENTS),
    later: candidates.slice(INLINE_EARLIER_SETTLEMENTS),
  }
}

/** Hands the rest to the workers (events keyed per checkout, so repeats fold). */
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
            traceparent: currentTraceparent(),
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
            traceparent: currentTraceparent(),
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
