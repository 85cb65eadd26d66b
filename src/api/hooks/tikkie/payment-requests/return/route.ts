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
import { settleOnReturn } from "../../../../utils/settle-on-return"
import { storefrontCountryOfCart, storefrontReturnUrl, wantsCountryCode } from "../../../../utils/storefront-return"
import { TIKKIE_MODULE } from "../../../../../modules/tikkie"
import type TikkieModuleService from "../../../../../modules/tikkie/service"
import { paymentRequestOutcomeFromRecord } from "../../../../../workflows/payment-request/utils/outcome-from-record"
import {
  claimPaymentRequestRead,
  releasePaymentRequestRead,
} from "../../../../../workflows/payment-request/utils/read-claim"
import {
  settlePaymentRequest,
  type PaymentRequestOutcome,
} from "../../../../../workflows/payment-request/settle-payment-request"
import type { PaymentRequestReturnQuery } from "./validators"
import { currentTraceparent } from "../../../../../utils/tracing"

/**
 * GET /hooks/tikkie/payment-requests/return?session_id=…: where the storefront sends a shopper back from
 * a payment link. The record answers when it knows; else it claims the request's read (read-claim.ts):
 * inside someone else's interval it answers from the record (PROCESSING, never "not paid"); with the
 * claim it settles inline in one of the store's slots, or hands over to the workers with PROCESSING (all
 * slots taken, or a busy server of several instances: inline-settlement-slots.ts). Redirects as the Fast
 * Checkout return does (`OPEN`, `EXPIRED`, `CLOSED` for not paid).
 */
export const GET = async (req: MedusaRequest<unknown, PaymentRequestReturnQuery>, res: MedusaResponse) => {
  const timing = routeTiming("payment-request return", req)
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
  const outcome = paymentRequestOutcomeFromRecord(record) ?? (await settleOnReturnOfRecord())
  const urls = record as { success_url: string; failure_url: string; cart_id?: string | null }
  const country = wantsCountryCode(urls.success_url, urls.failure_url)
    ? await storefrontCountryOfCart(req.scope, urls.cart_id)
    : undefined
  const location = storefrontReturnUrl(outcome, urls, "OPEN", country)
  if (!location) throw new MedusaError(MedusaError.Types.NOT_FOUND, "No Tikkie payment link for this session.")
  res.redirect(303, location)
  timing?.end(req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER), "answer")

  function settleOnReturnOfRecord() {
    return settleOnReturn<PaymentRequestOutcome>(
      req.scope,
      {
        claim: () => claimPaymentRequestRead(req.scope, paymentRequestToken),
        fromRecordReadMomentsAgo: () => paymentRequestOutcomeFromRecord(record, Date.now(), { readMomentsAgo: true }),
        settleInline: () =>
          settlePaymentRequest(req.scope, { paymentRequestToken, source: "return", inlineSlot: true }),
        release: (claimedAt) => releasePaymentRequestRead(req.scope, paymentRequestToken, claimedAt),
        handOver: async () => {
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
        },
      },
      timing
    )
  }
}
