import { z } from "zod"

export const StartPaymentRequestBodySchema = z.strictObject({
  provider_id: z.string().startsWith("pp_tikkie-payment-request_", "provider_id must be a Tikkie payment request provider").optional(),
})
export type StartPaymentRequestBody = z.output<typeof StartPaymentRequestBodySchema>
