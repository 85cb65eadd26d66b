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
  releaseFastCheckoutWebhookRead,
} from "../../../../../workflows/fast-checkout/utils/webhook-read-claim"
import { settleOnReturn } from "../../../../utils/settle-on-return"
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
 * GET /hooks/tikkie/fast-checkout/return?session_id=…: the shopper back from the checkout page. The record
 * answers when it knows; else it claims the order's read (webhook-read-claim.ts). Inside someone else's
 * interval, or on a busy server of several instances, it answers PROCESSING at once (the storefront asks
 * again); with the claim it settles inline in a slot (inline-settlement-slots.ts). Redirects with
 * `order_id`, or `tikkie_status` PROCESSING, PAID_NOT_COMPLETED, NEW, CANCELLED, EXPIRED or ERROR.
 */
export const GET = async (req: MedusaRequest<unknown, FastCheckoutReturnQuery>, res: MedusaResponse) => {
  const timing = routeTiming("fast-checkout return", req)
  const tikkie = req.scope.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [record] = await tikkie.listFastCheckoutOrders(
    { payment_session_id: req.validatedQuery.session_id },
    { order: { created_at: "DESC" }, take: 1 }
  )
  if (!record) throw new MedusaError(MedusaError.Types.NOT_FOUND, "No Tikkie Fast Checkout for this session.")

  timing?.mark("record lookup")
  const orderToken = record.order_token
  const outcome = fastCheckoutOutcomeFromRecord(record) ?? (await settleOnReturnOf(record))
  const urls = record as { success_url: string; failure_url: string; cart_id?: string | null }
  const country = wantsCountryCode(urls.success_url, urls.failure_url)
    ? await storefrontCountryOfCart(req.scope, urls.cart_id)
    : undefined
  const location = storefrontReturnUrl(outcome, urls, "NEW", country)
  if (!location) throw new MedusaError(MedusaError.Types.NOT_FOUND, "No Tikkie Fast Checkout for this session.")
  res.redirect(303, location)
  timing?.end(req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER), "answer")

  function settleOnReturnOf(record: FastCheckoutRecordState & { reference_id: string }) {
    return settleOnReturn<SettleOutcome>(
      req.scope,
      {
        claim: () => claimFastCheckoutWebhookRead(req.scope, orderToken, { deferred: true }),
        fromRecordReadMomentsAgo: () => fastCheckoutOutcomeFromRecord(record, Date.now(), { readMomentsAgo: true }),
        settleInline: () => settleFastCheckoutOrder(req.scope, { orderToken, source: "return", inlineSlot: true }),
        release: (claimedAt) => releaseFastCheckoutWebhookRead(req.scope, orderToken, claimedAt),
        handOver: async () => {
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
        },
      },
      timing
    )
  }
}
