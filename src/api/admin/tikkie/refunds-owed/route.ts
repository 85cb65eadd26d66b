import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { ListRefundsOwedQuery } from "./validators"
import { refundOwedViews } from "./view"

/**
 * GET /admin/tikkie/refunds-owed → `{ refunds_owed, count, limit, offset }`, newest first: money to pay
 * back by bank transfer because Tikkie cannot refund it. `?order_id=` for one order, `?status=owed`
 * for what is still to be paid. Each names its order's number and the admin users by e-mail (view.ts).
 */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, ListRefundsOwedQuery>, res: MedusaResponse) => {
  const q = req.validatedQuery as ListRefundsOwedQuery
  const filters: Record<string, unknown> = {}
  if (q.order_id) filters.order_id = q.order_id
  if (q.status) filters.status = q.status
  // With each row's order through the module link (src/links/refund-owed-order.ts).
  const { data: rows, metadata } = await req.scope.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "tikkie_refund_owed",
    fields: ["*", "order.display_id"],
    filters,
    pagination: { take: q.limit, skip: q.offset, order: { created_at: "DESC" } },
  })
  res.json({
    refunds_owed: await refundOwedViews(req.scope, rows as Array<Record<string, any>>),
    count: metadata?.count ?? rows.length,
    limit: q.limit,
    offset: q.offset,
  })
}
