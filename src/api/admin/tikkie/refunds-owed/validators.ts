import { z } from "zod"

/** Query of GET /admin/tikkie/refunds-owed. */
export const ListRefundsOwedQuerySchema = z.strictObject({
  order_id: z.string().min(1).max(100).optional(),
  status: z.enum(["owed", "refunded"]).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
})
export type ListRefundsOwedQuery = z.output<typeof ListRefundsOwedQuerySchema>

/** Body of POST /admin/tikkie/refunds-owed/:id/refunded: the admin sent the money back by bank transfer. */
export const MarkRefundedBodySchema = z.strictObject({
  /** The bank's reference of the outgoing transfer (what the reconciliation matches it by). */
  bank_reference: z.string().trim().min(1).max(140),
  note: z.string().trim().max(500).optional(),
})
export type MarkRefundedBody = z.output<typeof MarkRefundedBodySchema>
