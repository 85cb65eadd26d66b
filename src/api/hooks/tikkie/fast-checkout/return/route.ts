import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import {
  FAST_CHECKOUT_WEBHOOK_EVENT,
  fastCheckoutEventKey,
  type FastCheckoutWebhookEventData,
} from "../../../../../workflows/utils/events"
import { hookEventOptions } from "../../../../../workflows/utils/hook-event-options"
import { inInlineSlotOrHandOver } from "../../../../utils/inline-settlement-slots"
import { storefrontCountryOfCart, storefrontReturnUrl, wantsCountryCode } from "../../../../utils/storefront-return"
import { TIKKIE_MODULE } from "../../../../../modules/tikkie"
import type TikkieModuleService from "../../../../../modules/tikkie/service"
import { fastCheckoutOutcomeFromRecord } from "../../../../../workflows/fast-checkout/utils/outcome-from-record"
import {
  settleFastCheckoutOrderWorkflow,
  type SettleOutcome,
} from "../../../../../workflows/fast-checkout/settle-fast-checkout-order"
import type { FastCheckoutReturnQuery } from "./validators"

/**
 * GET /hooks/tikkie/fast-checkout/return?session_id=…: where the checkout page sends the shopper back.
 * A browser cannot send a publishable key, hence a /hooks route. It answers from the record when the
 * record already knows (settled, or read paid moments ago: outcome-from-record.ts); otherwise it settles
 * the order (the same code path as the webhook and the poll) in one of the store's few inline slots, or,
 * when all are taken, hands the settlement to the workers and answers PROCESSING at once
 * (inline-settlement-slots.ts). It redirects to the storefront:
 * - paid and completed: success URL with `order_id`;
 * - paid but still being confirmed (Tikkie unreachable or rate-limited, completion in progress, handed
 *   over): success URL with `cart_id` and `tikkie_status=PROCESSING`, so the storefront can show
 *   "confirming your payment";
 * - paid but it cannot become an order: failure URL with `tikkie_status=PAID_NOT_COMPLETED`;
 * - not paid: failure URL with `tikkie_status` (NEW, CANCELLED, EXPIRED, ERROR) and `cart_id`.
 */
export const GET = async (req: MedusaRequest<unknown, FastCheckoutReturnQuery>, res: MedusaResponse) => {
  const tikkie = req.scope.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [record] = await tikkie.listFastCheckoutOrders(
    { payment_session_id: req.validatedQuery.session_id },
    { order: { created_at: "DESC" }, take: 1 }
  )
  if (!record) throw new MedusaError(MedusaError.Types.NOT_FOUND, "No Tikkie Fast Checkout for this session.")

  const orderToken = record.order_token
  const outcome =
    fastCheckoutOutcomeFromRecord(record) ??
    (await inInlineSlotOrHandOver<SettleOutcome>(
      req.scope,
      async () =>
        (await settleFastCheckoutOrderWorkflow(req.scope).run({ input: { orderToken, source: "return" } })).result,
      async () => {
        const data: FastCheckoutWebhookEventData = {
          order_token: orderToken,
          reference_id: record.reference_id,
          status: record.status,
        }
        await req.scope
          .resolve(Modules.EVENT_BUS)
          .emit(
            { name: FAST_CHECKOUT_WEBHOOK_EVENT, data },
            hookEventOptions(fastCheckoutEventKey(orderToken, record.status))
          )
        return { outcome: "retry", reason: "handed over to the workers" }
      }
    ))
  const urls = record as { success_url: string; failure_url: string; cart_id?: string | null }
  // The shopper's country, for a storefront URL that asks for it ({country_code}).
  const country = wantsCountryCode(urls.success_url, urls.failure_url)
    ? await storefrontCountryOfCart(req.scope, urls.cart_id)
    : undefined
  const location = storefrontReturnUrl(outcome, urls, "NEW", country)
  if (!location) throw new MedusaError(MedusaError.Types.NOT_FOUND, "No Tikkie Fast Checkout for this session.")
  return res.redirect(303, location)
}
