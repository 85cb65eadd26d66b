import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { amsterdamDate } from "tikkie-client/account-information"
import { bankModule, requireBankOptions } from "../../../../modules/tikkie-bank/bank-session"
import type { AdminTikkieReconciliationListResponse } from "../../../types"
import type { ReconciliationQuery } from "./validators"
import { orderDisplayIds } from "../../../utils/order-display-ids"

/**
 * The plugin's payments with their payout state and the credits no payment claimed, newest first.
 * Overdue follows from today's date, so a payment turns overdue without a run.
 */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, ReconciliationQuery>,
  res: MedusaResponse<AdminTikkieReconciliationListResponse>
) => {
  const q = req.validatedQuery
  const bank = bankModule(req.scope)
  requireBankOptions(bank)
  const result = await bank.listReconciliation({
    today: amsterdamDate(Date.now()),
    statuses: q.status,
    from: q.from,
    to: q.to,
    limit: q.limit,
    offset: q.offset,
    credits: q.credits,
  })
  const displayIds = await orderDisplayIds(
    req.scope,
    result.items.map((i) => i.medusa_order_id)
  )
  const items = result.items.map((i) => ({ ...i, medusa_order_display_id: displayIds(i.medusa_order_id) }))
  res.json({ items, count: result.count, counts: result.counts, limit: q.limit, offset: q.offset })
}
