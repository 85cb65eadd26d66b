import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { TIKKIE_MODULE } from "../../../../modules/tikkie"
import type TikkieModuleService from "../../../../modules/tikkie/service"
import { ListFastCheckoutOrdersQuerySchema } from "./validators"

/**
 * GET /admin/tikkie/fast-checkout-orders: the Fast Checkout orders the store created, newest first,
 * with their status, payer and Medusa order. `?problem=true` lists the paid ones that did not become a
 * Medusa order (the reason is in `problem`): the admin's list of payments to refund or fulfil by hand.
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const parsed = ListFastCheckoutOrdersQuerySchema.safeParse(req.query)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `${issue.path.join(".") || "query"}: ${issue.message}`)
  }
  const q = parsed.data
  const filters: Record<string, unknown> = {}
  if (q.status) filters.status = q.status
  if (q.cart_id) filters.cart_id = q.cart_id
  if (q.order_token) filters.order_token = q.order_token
  if (q.problem === true) filters.problem = { $ne: null }
  if (q.problem === false) filters.problem = null
  const tikkie = req.scope.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const [orders, count] = await tikkie.listAndCountFastCheckoutOrders(filters, {
    take: q.limit,
    skip: q.offset,
    order: { created_at: "DESC" },
  })
  res.json({
    fast_checkout_orders: orders.map((o) => ({
      id: o.id,
      order_token: o.order_token,
      status: o.status,
      amount_in_cents: Number(o.amount_in_cents),
      cart_id: o.cart_id,
      payment_session_id: o.payment_session_id,
      medusa_order_id: o.medusa_order_id,
      payer: o.payer,
      problem: o.problem,
      expires_at: o.expires_at,
      created_at: o.created_at,
      updated_at: o.updated_at,
    })),
    count,
    limit: q.limit,
    offset: q.offset,
  })
}
