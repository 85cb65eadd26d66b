import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { routeTiming } from "../../../../../utils/settlement-timing"
import {
  FAST_CHECKOUT_WEBHOOK_EVENT,
  fastCheckoutEventKey,
  type FastCheckoutWebhookEventData,
} from "../../../../../workflows/utils/events"
import { hookEventOptions } from "../../../../../workflows/utils/hook-event-options"
import {
  claimFastCheckoutWebhookRead,
  claimTimeMs,
  releaseFastCheckoutWebhookRead,
} from "../../../../../workflows/fast-checkout/utils/webhook-read-claim"
import { storefrontCountryOfCart, storefrontReturnUrl, wantsCountryCode } from "../../../../utils/storefront-return"
import { TIKKIE_MODULE } from "../../../../../modules/tikkie"
import type TikkieModuleService from "../../../../../modules/tikkie/service"
import {
  fastCheckoutOutcomeFromRecord,
  type FastCheckoutRecordState,
} from "../../../../../workflows/fast-checkout/utils/outcome-from-record"
import {
  settleFastCheckoutOrder,
  type SettleOutcome,
} from "../../../../../workflows/fast-checkout/settle-fast-checkout-order"
import type { FastCheckoutReturnQuery } from "./validators"
import { currentTraceparent } from "../../../../../utils/tracing"

/**
 * GET /hooks/tikkie/fast-checkout/return?session_id=…: where the checkout page sends the shopper back.
 * A browser cannot send a publishable key, hence a /hooks route. It answers from the record when the
 * record already knows (settled, or read paid moments ago: outcome-from-record.ts). Otherwise it claims
 * the order's read like a webhook does (webhook-read-claim.ts: at most one Tikkie read per order per
 * FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS, whoever asks), so reloads and floods of returns cost no reads:
 * - claim taken by someone else in the interval: PROCESSING from the record (the storefront asks again;
 *   a read moments ago, or the webhook's read under way, decides);
 * - claim taken here: the order is settled (the same code path as the webhook and the poll). Under the
 *   order's lock the settlement takes one of the store's few inline slots, or, when all are taken, hands
 *   itself to the workers and answers PROCESSING at once (workflows/utils/inline-settlement-slots.ts); a
 *   return waiting for the lock holds no slot.
 * It redirects to the storefront:
 * - paid and completed: success URL with `order_id`;
 * - paid but still being confirmed (Tikkie unreachable or rate-limited, completion in progress, handed
 *   over, read moments ago): success URL with `cart_id` and `tikkie_status=PROCESSING`, so the
 *   storefront can show "confirming your payment";
 * - paid but it cannot become an order: failure URL with `tikkie_status=PAID_NOT_COMPLETED`;
 * - not paid: failure URL with `tikkie_status` (NEW, CANCELLED, EXPIRED, ERROR) and `cart_id`.
 */
export const GET = async (req: MedusaRequest<unknown, FastCheckoutReturnQuery>, res: MedusaResponse) => {
  const timing = routeTiming("fast-checkout return")
  const arrivedAt = Date.now()
  const tikkie = req.scope.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [record] = await tikkie.listFastCheckoutOrders(
    { payment_session_id: req.validatedQuery.session_id },
    { order: { created_at: "DESC" }, take: 1 }
  )
  if (!record) throw new MedusaError(MedusaError.Types.NOT_FOUND, "No Tikkie Fast Checkout for this session.")

  timing?.mark("record lookup")
  const orderToken = record.order_token
  const outcome = fastCheckoutOutcomeFromRecord(record) ?? (await settleOnReturn(req, record))
  const urls = record as { success_url: string; failure_url: string; cart_id?: string | null }
  // The shopper's country, for a storefront URL that asks for it ({country_code}).
  const country = wantsCountryCode(urls.success_url, urls.failure_url)
    ? await storefrontCountryOfCart(req.scope, urls.cart_id)
    : undefined
  const location = storefrontReturnUrl(outcome, urls, "NEW", country)
  if (!location) throw new MedusaError(MedusaError.Types.NOT_FOUND, "No Tikkie Fast Checkout for this session.")
  res.redirect(303, location)
  timing?.end(req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER), "answer")

  async function settleOnReturn(
    req: MedusaRequest<unknown, FastCheckoutReturnQuery>,
    record: FastCheckoutRecordState & { reference_id: string }
  ): Promise<SettleOutcome> {
    // `deferred`: a return skipped by the interval schedules no read of its own (the storefront asks again).
    const claim = await claimFastCheckoutWebhookRead(req.scope, orderToken, { deferred: true })
    timing?.mark("claim")
    // Inside the interval the record answers, once the claim's read has landed (a webhook's job, another
    // return: waited for a moment). Never "not paid" from a read that began before this shopper came back
    // (they may have paid after it): PROCESSING makes the storefront ask again.
    if (claim.action !== "read") {
      const since = claim.action === "skip" && claim.claimedAt ? claimTimeMs(claim.claimedAt) : NaN
      const latest = (Number.isFinite(since) ? await afterClaimedRead(tikkie, orderToken, since) : undefined) ?? record
      const fromRecord = fastCheckoutOutcomeFromRecord(latest, Date.now(), { readMomentsAgo: true })
      if (fromRecord) return fromRecord
      const readSinceArrival = latest.last_checked_at && new Date(latest.last_checked_at).getTime() >= arrivedAt
      return readSinceArrival && latest.status === "NEW"
        ? { outcome: "pending" }
        : { outcome: "retry", reason: "read moments ago" }
    }
    const outcome = await settleFastCheckoutOrder(req.scope, { orderToken, source: "return", inlineSlot: true })
    timing?.mark(outcome.outcome === "retry" && outcome.handOver ? "settlement: no slot" : "settlement")
    if (outcome.outcome !== "retry") return outcome
    // Another settlement holds the order: it reads or has read. The claim goes back unused, so the
    // storefront's next ask may read at once if that settlement ends without an answer.
    if (outcome.lockBusy) await releaseFastCheckoutWebhookRead(req.scope, orderToken, claim.claimedAt)
    if (!outcome.handOver) return outcome
    // Every inline slot is taken: the workers make the read this return claimed.
    const data: FastCheckoutWebhookEventData = {
      order_token: orderToken,
      reference_id: record.reference_id,
      status: record.status,
      traceparent: currentTraceparent(),
    }
    await req.scope
      .resolve(Modules.EVENT_BUS)
      .emit(
        { name: FAST_CHECKOUT_WEBHOOK_EVENT, data },
        hookEventOptions(fastCheckoutEventKey(orderToken, record.status))
      )
    timing?.mark("enqueue (handed over)")
    return outcome
  }
}

/** How long a return inside an order's read interval waits for the claimed read to land in the record. */
const CLAIMED_READ_WAIT_MS = 2_000

/**
 * The order's record once the read claimed at `since` has landed (its `last_checked_at`, the read's start,
 * is at or after the claim, or the order is settled), or as it is after CLAIMED_READ_WAIT_MS. A record
 * read every 200 ms, no lock, no slot, no Tikkie read.
 */
async function afterClaimedRead(tikkie: TikkieModuleService, orderToken: string, since: number) {
  const deadline = Date.now() + CLAIMED_READ_WAIT_MS
  for (;;) {
    const [latest] = await tikkie.listFastCheckoutOrders({ order_token: orderToken }, { take: 1 })
    const landed = latest?.last_checked_at && new Date(latest.last_checked_at).getTime() >= since - 5
    if (!latest || landed || fastCheckoutOutcomeFromRecord(latest) || Date.now() >= deadline) return latest
    await new Promise((r) => setTimeout(r, 200))
  }
}
