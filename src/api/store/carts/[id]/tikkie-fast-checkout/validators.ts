import { z } from "zod"

export const StartFastCheckoutBodySchema = z.strictObject({
  provider_id: z.string().startsWith("pp_tikkie-fast-checkout_").optional(),
})
export type StartFastCheckoutBody = z.output<typeof StartFastCheckoutBodySchema>
