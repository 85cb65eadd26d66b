import type { z } from "zod"
import { returnQuerySchema } from "../../../../utils/return-query"

export const FastCheckoutReturnQuerySchema = returnQuerySchema("Invalid Tikkie Fast Checkout return")
export type FastCheckoutReturnQuery = z.output<typeof FastCheckoutReturnQuerySchema>
