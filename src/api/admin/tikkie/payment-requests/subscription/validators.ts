import { z } from "zod"

export const SubscribeNotificationsBodySchema = z.strictObject({
  provider_id: z.string().startsWith("pp_tikkie-payment-request_", "provider_id must be a Tikkie payment request provider").optional(),
})
export type SubscribeNotificationsBody = z.output<typeof SubscribeNotificationsBodySchema>
