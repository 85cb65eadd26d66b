import { z } from "@medusajs/framework/zod"
import { paymentRequestProviderIdField } from "../../../../utils/validators"

export const SubscribeNotificationsBodySchema = z.strictObject({
  provider_id: paymentRequestProviderIdField.optional(),
})
export type SubscribeNotificationsBody = z.output<typeof SubscribeNotificationsBodySchema>
