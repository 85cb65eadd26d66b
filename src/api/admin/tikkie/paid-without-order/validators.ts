import { z } from "@medusajs/framework/zod"
import { paginationFields } from "../../../utils/validators"

/** Query of GET /admin/tikkie/paid-without-order. */
export const ListPaidWithoutOrderQuerySchema = z.strictObject({
  ...paginationFields({ defaultLimit: 20, maxLimit: 100 }),
})
export type ListPaidWithoutOrderQuery = z.output<typeof ListPaidWithoutOrderQuerySchema>
