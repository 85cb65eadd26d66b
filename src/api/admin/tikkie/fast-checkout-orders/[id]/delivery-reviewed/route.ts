import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { markDeliveryReviewedWorkflow } from "../../../../../../workflows/fast-checkout/mark-delivery-reviewed"
import type { AdminTikkieFastCheckoutOrderResponse } from "../../../../../types"
import { fastCheckoutOrderView } from "../../order-view"

/**
 * POST /admin/tikkie/fast-checkout-orders/:id/delivery-reviewed `{}` → `{ fast_checkout_order }`: the admin
 * handled the order's delivery review (another country than the tax country, or outside the shipping zone).
 * 404 for an unknown record, 400 for one without a review; repeating it answers the record as it is.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminTikkieFastCheckoutOrderResponse>
) => {
  const { result } = await markDeliveryReviewedWorkflow(req.scope).run({
    input: { id: req.params.id, actor_id: req.auth_context.actor_id },
  })
  res.json({ fast_checkout_order: fastCheckoutOrderView(result) })
}
