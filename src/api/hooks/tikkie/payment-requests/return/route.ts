import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
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
  const to = (base: string, params: Record<string, string>) => {
    const url = new URL(base)
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
    return url.toString()
  }
  const cart: Record<string, string> = record.cart_id ? { cart_id: record.cart_id } : {}
  switch (outcome.outcome) {
    case "completed":
    case "already-completed":
      return res.redirect(303, to(record.success_url, { order_id: outcome.orderId }))
    case "retry":
      return res.redirect(303, to(record.success_url, { ...cart, tikkie_status: "PROCESSING" }))
    case "problem":
      return res.redirect(303, to(record.failure_url, { ...cart, tikkie_status: "PAID_NOT_COMPLETED" }))
    case "closed":
      return res.redirect(303, to(record.failure_url, { ...cart, tikkie_status: outcome.status }))
    case "pending":
      return res.redirect(303, to(record.failure_url, { ...cart, tikkie_status: "OPEN" }))
    default:
      throw new MedusaError(MedusaError.Types.NOT_FOUND, "No Tikkie payment link for this session.")
  }
}
