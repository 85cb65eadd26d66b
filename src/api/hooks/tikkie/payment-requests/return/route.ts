import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { routeTiming } from "../../../../../utils/settlement-timing"
import {
  PAYMENT_REQUEST_NOTIFICATION_EVENT,
  paymentRequestEventKey,
  type PaymentRequestNotificationEventData,
} from "../../../../../workflows/utils/events"
import { hookEventOptions } from "../../../../../workflows/utils/hook-event-options"
import { storefrontCountryOfCart, storefrontReturnUrl, wantsCountryCode } from "../../../../utils/storefront-return"
import { TIKKIE_MODULE } from "../../../../../modules/tikkie"
import type TikkieModuleService from "../../../../../modules/tikkie/service"
import { paymentRequestOutcomeFromRecord } from "../../../../../workflows/payment-request/utils/outcome-from-record"
import {
  settlePaymentRequest,
  type PaymentRequestOutcome,
} from "../../../../../workflows/payment-request/settle-payment-request"
import type { PaymentRequestReturnQuery } from "./validators"
import { currentTraceparent } from "../../../../../utils/tracing"

/**
 * GET /hooks/tikkie/payment-requests/return?session_id=…: where the storefront sends a shopper who
 * comes back from Tikkie's payment page (the page itself has no redirect). A browser cannot send a
 * publishable key, hence a /hooks route. It answers from the record when the record already knows
 * (completed, or read paid moments ago: outcome-from-record.ts); otherwise it settles the request (the
 * same code path as the notification and the poll). Under the request's lock the settlement takes one
 * of the store's few inline slots, or, when all are taken, hands itself to the workers and answers
 * PROCESSING at once (workflows/utils/inline-settlement-slots.ts); a return waiting for the lock holds
 * no slot. It redirects to the storefront:
 * - paid and completed: success URL with `order_id`;
 * - paid but still being confirmed (Tikkie unreachable, completion in progress, handed over): success
 *   URL with `cart_id` and `tikkie_status=PROCESSING`;
 * - paid but it cannot become an order: failure URL with `tikkie_status=PAID_NOT_COMPLETED`;
 * - not paid: failure URL with `tikkie_status` (OPEN, EXPIRED, CLOSED…) and `cart_id`.
 */
export const GET = async (req: MedusaRequest<unknown, PaymentRequestReturnQuery>, res: MedusaResponse) => {
  const timing = routeTiming("payment-request return")
  const tikkie = req.scope.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [record] = await tikkie.listPaymentRequests(
    { payment_session_id: req.validatedQuery.session_id, kind: "checkout" },
    { order: { created_at: "DESC" }, take: 1 }
  )
  if (!record || !record.success_url || !record.failure_url) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "No Tikkie payment link for this session.")
  }
  timing?.mark("record lookup")
  const paymentRequestToken = record.payment_request_token
  const outcome = paymentRequestOutcomeFromRecord(record) ?? (await settleOnReturn())
  const urls = record as { success_url: string; failure_url: string; cart_id?: string | null }
  // The shopper's country, for a storefront URL that asks for it ({country_code}).
  const country = wantsCountryCode(urls.success_url, urls.failure_url)
    ? await storefrontCountryOfCart(req.scope, urls.cart_id)
    : undefined
  const location = storefrontReturnUrl(outcome, urls, "OPEN", country)
  if (!location) throw new MedusaError(MedusaError.Types.NOT_FOUND, "No Tikkie payment link for this session.")
  res.redirect(303, location)
  timing?.end(req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER), "answer")

  async function settleOnReturn(): Promise<PaymentRequestOutcome> {
    const outcome = await settlePaymentRequest(req.scope, { paymentRequestToken, source: "return", inlineSlot: true })
    timing?.mark(outcome.outcome === "retry" && outcome.handOver ? "settlement: no slot" : "settlement")
    if (outcome.outcome !== "retry" || !outcome.handOver) return outcome
    // Every inline slot is taken: the workers settle it.
    const data: PaymentRequestNotificationEventData = {
      provider_id: record.provider_id,
      notification_type: "PAYMENT",
      payment_request_token: paymentRequestToken,
      traceparent: currentTraceparent(),
    }
    await req.scope
      .resolve(Modules.EVENT_BUS)
      .emit(
        { name: PAYMENT_REQUEST_NOTIFICATION_EVENT, data },
        hookEventOptions(paymentRequestEventKey(paymentRequestToken, "RETURN"))
      )
    timing?.mark("enqueue (handed over)")
    return outcome
  }
}
