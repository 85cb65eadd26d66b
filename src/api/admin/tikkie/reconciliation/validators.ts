import { z } from "@medusajs/framework/zod"
import { RECONCILIATION_STATUSES, type ReconciliationStatus } from "../../../../modules/tikkie-bank/service"
import { isBookDate } from "tikkie-client/account-information"
import { paginationFields } from "../../../utils/validators"

const STATUSES = RECONCILIATION_STATUSES as readonly [ReconciliationStatus, ...ReconciliationStatus[]]
const date = (name: string) => z.string().refine(isBookDate, `${name} must be a yyyy-mm-dd date`).optional()

export const ReconciliationQuerySchema = z.strictObject({
  /** Comma-separated; all of them by default. */
  status: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(",").map((s) => s.trim()) : [...STATUSES]))
    .pipe(z.array(z.enum(STATUSES, { error: `status may hold ${STATUSES.join(", ")}` })).min(1)),
  /** Unmatched credits: only those that look like a Tikkie payout (default), or every credit. */
  credits: z.enum(["tikkie", "all"], { error: "credits must be tikkie or all" }).default("tikkie"),
  from: date("from"),
  to: date("to"),
  ...paginationFields({ defaultLimit: 50, maxLimit: 200 }),
})
export type ReconciliationQuery = z.output<typeof ReconciliationQuerySchema>
