import type { z } from "zod"
import { returnQuerySchema } from "../../../../../lib/return-query"

export const FastCheckoutReturnQuerySchema = returnQuerySchema("Invalid Tikkie Fast Checkout return")
export type FastCheckoutReturnQuery = z.output<typeof FastCheckoutReturnQuerySchema>
