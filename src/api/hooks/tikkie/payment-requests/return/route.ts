import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { storefrontReturnUrl } from "../../../../../lib/storefront-return"
import { z } from "zod"
import { TIKKIE_MODULE } from "../../../../../modules/tikkie"
import type TikkieModuleService from "../../../../../modules/tikkie/service"
import { settlePaymentRequest } from "../../../../../workflows/payment-request/settle-payment-request"

const ReturnQuerySchema = z.object({ session_id: z.string().min(1).max(100) })

/**
 * GET /hooks/tikkie/payment-requests/return?session_id=…: where the storefront sends a shopper who
 * comes back from Tikkie's payment page (the page itself has no redirect). A browser cannot send a
 * publishable key, hence a /hooks route. It settles the request (the same code path as the
 * notification and the poll) and redirects to the storefront:
 * - paid and completed: success URL with `order_id`;
 * - paid but still being confirmed (Tikkie unreachable, completion in progress): success URL with
 *   `cart_id` and `tikkie_status=PROCESSING`;
 * - paid but it cannot become an order: failure URL with `tikkie_status=PAID_NOT_COMPLETED`;
 * - not paid: failure URL with `tikkie_status` (OPEN, EXPIRED, CLOSED…) and `cart_id`.
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const query = ReturnQuerySchema.safeParse(req.query)
  if (!query.success) throw new MedusaError(MedusaError.Types.INVALID_DATA, "session_id is required")
  const tikkie = req.scope.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [record] = await tikkie.listPaymentRequests(
    { payment_session_id: query.data.session_id, kind: "checkout" },
    { order: { created_at: "DESC" }, take: 1 }
  )
  if (!record || !record.success_url || !record.failure_url) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "No Tikkie payment link for this session.")
  }
  const outcome = await settlePaymentRequest(req.scope, { paymentRequestToken: record.payment_request_token, source: "return" })
  const location = storefrontReturnUrl(outcome, record as { success_url: string; failure_url: string; cart_id?: string | null }, "OPEN")
  if (!location) throw new MedusaError(MedusaError.Types.NOT_FOUND, "No Tikkie payment link for this session.")
  return res.redirect(303, location)
}
