import { z } from "zod"

const providerId = z.string().startsWith("pp_tikkie-payment-request_", "provider_id must be a Tikkie payment request provider")

export const RunV1SetupBodySchema = z.strictObject({
  provider_id: providerId.optional(),
  /** Set up again even when a setup is stored (e.g. after the platform was removed at Tikkie). */
  force: z.boolean({ error: "force must be true or false" }).optional(),
})
export type RunV1SetupBody = z.output<typeof RunV1SetupBodySchema>

export const V1SetupQuerySchema = z.strictObject({ provider_id: providerId.optional() })
