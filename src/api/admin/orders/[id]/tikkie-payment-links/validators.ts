import { z } from "@medusajs/framework/zod"
import {
  amountInCentsField,
  descriptionField,
  expiryDateField,
  providerIdField,
} from "../../../tikkie/payment-requests/validators"
import { paginationFields } from "../../../../utils/validators"

export const CreateOrderLinkBodySchema = z.strictObject({
  /** Default: what the order still owes (less what open links ask for). */
  amount_in_cents: amountInCentsField.optional(),
  /** Default: "{store name} order #{display id}". */
  description: descriptionField.optional(),
  expiry_date: expiryDateField.optional(),
  provider_id: providerIdField.optional(),
})
export type CreateOrderLinkBody = z.output<typeof CreateOrderLinkBodySchema>

/** An order has few links: by default all of them (up to 200) in one page. */
export const ListOrderLinksQuerySchema = z.strictObject({
  ...paginationFields({ defaultLimit: 200, maxLimit: 200 }),
})
export type ListOrderLinksQuery = z.output<typeof ListOrderLinksQuerySchema>

/** The admin's switch of one link's reminders. */
export const LinkRemindersBodySchema = z.strictObject({
  enabled: z.boolean({ error: "enabled must be true or false" }),
})
export type LinkRemindersBody = z.output<typeof LinkRemindersBodySchema>
