import { z } from "@medusajs/framework/zod"
import { paymentRequestProviderIdField } from "../../../../utils/validators"

export const StartPaymentRequestBodySchema = z.strictObject({
  provider_id: paymentRequestProviderIdField.optional(),
})
export type StartPaymentRequestBody = z.output<typeof StartPaymentRequestBodySchema>
