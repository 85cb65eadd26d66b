import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { TIKKIE_MODULE } from "../../../../modules/tikkie"
import type TikkieModuleService from "../../../../modules/tikkie/service"
import type { AdminTikkieFastCheckoutOrderListResponse } from "../../../types"
import { fastCheckoutOrderView } from "./order-view"
import { orderDisplayIds } from "../../../utils/order-display-ids"
import type { ListFastCheckoutOrdersQuery } from "./validators"

/**
 * GET /admin/tikkie/fast-checkout-orders: the Fast Checkout orders the store created, newest first,
 * with their status, payer and Medusa order (its id and its number, `medusa_order_display_id`). `?problem=true` lists the paid ones that did not become a
 * Medusa order (the reason is in `problem`): the admin's list of payments to refund or fulfil by hand.
 * `?delivery_review=open` lists the orders whose payer's address is in another country than the tax
 * country, or outside the shipping zone, that no admin has marked reviewed yet.
 */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, ListFastCheckoutOrdersQuery>,
  res: MedusaResponse<AdminTikkieFastCheckoutOrderListResponse>
) => {
  const q = req.validatedQuery
  const filters: Record<string, unknown> = {}
  if (q.status) filters.status = q.status
  if (q.cart_id) filters.cart_id = q.cart_id
  if (q.order_token) filters.order_token = q.order_token
  if (q.problem === true) filters.problem = { $ne: null }
  if (q.problem === false) filters.problem = null
  if (q.delivery_review) {
    filters.delivery_review = { $ne: null }
    filters.delivery_reviewed_at = q.delivery_review === "open" ? null : { $ne: null }
  }
  const tikkie = req.scope.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [orders, count] = await tikkie.listAndCountFastCheckoutOrders(filters, {
    take: q.limit,
    skip: q.offset,
    order: { created_at: "DESC" },
  })
  const displayIds = await orderDisplayIds(
    req.scope,
    orders.map((o) => o.medusa_order_id)
  )
  res.json({
    fast_checkout_orders: orders.map((o) => ({
      ...fastCheckoutOrderView(o),
      medusa_order_display_id: displayIds(o.medusa_order_id),
    })),
    count,
    limit: q.limit,
    offset: q.offset,
  })
}
