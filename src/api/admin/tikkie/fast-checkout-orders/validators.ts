import { z } from "@medusajs/framework/zod"
import { paginationFields } from "../../../utils/validators"

const STATUSES = ["NEW", "PAID", "CANCELLED", "EXPIRED", "ERROR"] as const

/** Query of GET /admin/tikkie/fast-checkout-orders. */
export const ListFastCheckoutOrdersQuerySchema = z.strictObject({
  status: z.enum(STATUSES, { error: `status must be one of ${STATUSES.join(", ")}` }).optional(),
  /** Only paid orders that did not become a Medusa order. */
  problem: z
    .enum(["true", "false"], { error: "problem must be true or false" })
    .transform((v) => v === "true")
    .optional(),
  /** `open`: paid orders whose delivery waits for the admin's review; `reviewed`: handled ones. */
  delivery_review: z.enum(["open", "reviewed"], { error: "delivery_review must be open or reviewed" }).optional(),
  cart_id: z.string().min(1, "cart_id must not be empty").optional(),
  order_token: z.string().min(1, "order_token must not be empty").optional(),
  ...paginationFields({ defaultLimit: 20, maxLimit: 100 }),
})
export type ListFastCheckoutOrdersQuery = z.output<typeof ListFastCheckoutOrdersQuerySchema>
