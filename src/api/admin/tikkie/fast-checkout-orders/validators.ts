import { z } from "zod"

/** Query of GET /admin/tikkie/fast-checkout-orders. */
export const ListFastCheckoutOrdersQuerySchema = z.strictObject({
  status: z.enum(["NEW", "PAID", "CANCELLED", "EXPIRED", "ERROR"]).optional(),
  /** Only paid orders that did not become a Medusa order. */
  problem: z
    .enum(["true", "false"])
    .transform((v) => v === "true")
    .optional(),
  cart_id: z.string().min(1).optional(),
  order_token: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
})
export type ListFastCheckoutOrdersQuery = z.output<typeof ListFastCheckoutOrdersQuerySchema>
