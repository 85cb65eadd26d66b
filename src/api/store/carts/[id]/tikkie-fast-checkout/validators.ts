import { z } from "@medusajs/framework/zod"
import { fastCheckoutProviderIdField } from "../../../../utils/validators"

export const StartFastCheckoutBodySchema = z.strictObject({
  provider_id: fastCheckoutProviderIdField.optional(),
})
export type StartFastCheckoutBody = z.output<typeof StartFastCheckoutBodySchema>
