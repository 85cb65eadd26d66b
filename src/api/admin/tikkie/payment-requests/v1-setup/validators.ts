import { z } from "@medusajs/framework/zod"
import { paymentRequestProviderIdField } from "../../../../utils/validators"

export const RunV1SetupBodySchema = z.strictObject({
  provider_id: paymentRequestProviderIdField.optional(),
  /** Set up again even when a setup is stored (e.g. after the platform was removed at Tikkie). */
  force: z.boolean({ error: "force must be true or false" }).optional(),
})
export type RunV1SetupBody = z.output<typeof RunV1SetupBodySchema>

export const V1SetupQuerySchema = z.strictObject({ provider_id: paymentRequestProviderIdField.optional() })
export type V1SetupQuery = z.output<typeof V1SetupQuerySchema>
