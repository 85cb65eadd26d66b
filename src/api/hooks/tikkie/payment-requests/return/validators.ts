import type { z } from "zod"
import { returnQuerySchema } from "../../../../utils/return-query"

export const PaymentRequestReturnQuerySchema = returnQuerySchema("Invalid Tikkie payment link return")
export type PaymentRequestReturnQuery = z.output<typeof PaymentRequestReturnQuerySchema>
