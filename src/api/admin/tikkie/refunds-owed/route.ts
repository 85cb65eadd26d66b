import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { ListRefundsOwedQuery } from "./validators"
import { refundOwedViews } from "./view"

/**
 * GET /admin/tikkie/refunds-owed[?order_id&status] → `{ refunds_owed, count, limit, offset }`, newest
 * first, each with its order's number (through the module link) and the admin users' e-mails (view.ts).
 */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, ListRefundsOwedQuery>, res: MedusaResponse) => {
  const q = req.validatedQuery as ListRefundsOwedQuery
  const filters: Record<string, unknown> = {}
  if (q.order_id) filters.order_id = q.order_id
  if (q.status) filters.status = q.status
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
