import { z } from "zod"
import { amountInCentsField, descriptionField, expiryDateField, providerIdField } from "../../../tikkie/payment-requests/validators"

export const CreateOrderLinkBodySchema = z.strictObject({
  /** Default: what the order still owes (less what open links ask for). */
  amount_in_cents: amountInCentsField.optional(),
  /** Default: "{store name} order #{display id}". */
  description: descriptionField.optional(),
  expiry_date: expiryDateField.optional(),
  provider_id: providerIdField.optional(),
})
export type CreateOrderLinkBody = z.output<typeof CreateOrderLinkBodySchema>
