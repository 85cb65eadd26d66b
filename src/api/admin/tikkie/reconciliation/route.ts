import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import { RECONCILIATION_STATUSES, type ReconciliationStatus } from "../../../../modules/tikkie-bank/service"
import { amsterdamDate, isBookDate } from "../../../../tikkie/account-information"
import { bankModule, requireBankOptions } from "../../../../workflows/tikkie-bank/bank-session"
import { parseInput } from "../bank/validators"

const STATUSES = RECONCILIATION_STATUSES as readonly [ReconciliationStatus, ...ReconciliationStatus[]]
const date = (name: string) => z.string().refine(isBookDate, `${name} must be a yyyy-mm-dd date`).optional()

export const ReconciliationQuerySchema = z.strictObject({
  /** Comma-separated; all of them by default. */
  status: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(",").map((s) => s.trim()) : [...STATUSES]))
    .pipe(z.array(z.enum(STATUSES, { error: `status may hold ${STATUSES.join(", ")}` })).min(1)),
  from: date("from"),
  to: date("to"),
  limit: z.coerce.number().int("limit must be a whole number").min(1, "limit must be at least 1").max(200, "limit must be at most 200").default(50),
  offset: z.coerce.number().int("offset must be a whole number").min(0, "offset must be at least 0").default(0),
})

/**
 * GET /admin/tikkie/reconciliation?status=matched,mismatch,pending,overdue,unmatched&from&to&limit&offset:
 * the plugin's payments with their payout state (matched with its transaction, mismatch: matched by
 * reference but with another amount, pending, overdue) and
 * the credits no payment claimed (unmatched), newest first. `from`/`to` (inclusive) filter the paid
 * date of payments and the book date of credits. `counts` gives every status within the dates.
 * Overdue follows from today's date, so a payment turns overdue without a run.
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const q = parseInput(ReconciliationQuerySchema, req.query, "query")
  const bank = bankModule(req.scope)
  requireBankOptions(bank)
  const result = await bank.listReconciliation({
    today: amsterdamDate(Date.now()),
    statuses: q.status as ReconciliationStatus[],
    from: q.from,
    to: q.to,
    limit: q.limit,
    offset: q.offset,
  })
  res.json({ items: result.items, count: result.count, counts: result.counts, limit: q.limit, offset: q.offset })
}
