import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { storefrontReturnUrl } from "../../../../../lib/storefront-return"
import { z } from "zod"
import { TIKKIE_MODULE } from "../../../../../modules/tikkie"
import type TikkieModuleService from "../../../../../modules/tikkie/service"
import { settleFastCheckoutOrder } from "../../../../../workflows/fast-checkout/settle-fast-checkout-order"

const ReturnQuerySchema = z.object({ session_id: z.string().min(1).max(100) })

/**
 * GET /hooks/tikkie/fast-checkout/return?session_id=…: where the checkout page sends the shopper back.
 * A browser cannot send a publishable key, hence a /hooks route. It settles the order (the same code
 * path as the webhook and the poll) and redirects to the storefront:
 * - paid and completed: success URL with `order_id`;
 * - paid but still being confirmed (Tikkie unreachable, completion in progress): success URL with
 *   `cart_id` and `tikkie_status=PROCESSING`, so the storefront can show "confirming your payment";
 * - paid but it cannot become an order: failure URL with `tikkie_status=PAID_NOT_COMPLETED`;
 * - not paid: failure URL with `tikkie_status` (NEW, CANCELLED, EXPIRED, ERROR) and `cart_id`.
 */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const query = ReturnQuerySchema.safeParse(req.query)
  if (!query.success) throw new MedusaError(MedusaError.Types.INVALID_DATA, "session_id is required")
  const tikkie = req.scope.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [record] = await tikkie.listFastCheckoutOrders(
    { payment_session_id: query.data.session_id },
    { order: { created_at: "DESC" }, take: 1 }
  )
  if (!record) throw new MedusaError(MedusaError.Types.NOT_FOUND, "No Tikkie Fast Checkout for this session.")

  const outcome = await settleFastCheckoutOrder(req.scope, { orderToken: record.order_token, source: "return" })
  const location = storefrontReturnUrl(outcome, record as { success_url: string; failure_url: string; cart_id?: string | null }, "NEW")
  if (!location) throw new MedusaError(MedusaError.Types.NOT_FOUND, "No Tikkie Fast Checkout for this session.")
  return res.redirect(303, location)
}
