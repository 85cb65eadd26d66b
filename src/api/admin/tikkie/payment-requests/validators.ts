import { z } from "@medusajs/framework/zod"
import { isCalendarDate } from "tikkie-client/payment-requests/v2/amsterdam-date"
import {
  characterLength,
  DESCRIPTION_MAX_LENGTH,
  PAYMENT_REQUEST_MAX_AMOUNT_IN_CENTS,
  REFERENCE_ID_PATTERN,
} from "tikkie-client/payment-requests/v2/rules"
import { paginationFields, paymentRequestProviderIdField } from "../../../utils/validators"

/** Rules shared by the admin link routes: Tikkie's own, checked here so the admin gets them by name. */
export const amountInCentsField = z
  .int({ error: "amount_in_cents must be a whole number of cents" })
  .min(1, "amount_in_cents must be at least 1")
  .max(PAYMENT_REQUEST_MAX_AMOUNT_IN_CENTS, `amount_in_cents must be at most ${PAYMENT_REQUEST_MAX_AMOUNT_IN_CENTS}`)

export const descriptionField = z
  .string({ error: "description must be a string" })
  .trim()
  .min(1, "description must not be empty")
  .refine(
    (v) => characterLength(v) <= DESCRIPTION_MAX_LENGTH,
    `description must be at most ${DESCRIPTION_MAX_LENGTH} characters`
  )

export const expiryDateField = z
  .string({ error: "expiry_date must be a string" })
  .refine(isCalendarDate, "expiry_date must be a date written yyyy-mm-dd")

export const providerIdField = paymentRequestProviderIdField

export const CreateInvoiceLinkBodySchema = z
  .strictObject({
    /** Leave out for an open amount: the payer chooses. */
    amount_in_cents: amountInCentsField.optional(),
    description: descriptionField,
    reference_id: z
      .string({ error: "reference_id must be a string" })
      .regex(REFERENCE_ID_PATTERN, "reference_id must be 1-35 characters of a-z, A-Z, 0-9, space and !&'()+-./:?_`,")
      .optional(),
    expiry_date: expiryDateField.optional(),
    provider_id: providerIdField.optional(),
    /** Reminders of the unpaid link go to this address (when the provider's reminderAfterDays is set). */
    payer_email: z
      .email({ error: "payer_email must be an e-mail address" })
      .max(254, "payer_email must be at most 254 characters")
      .optional(),
    /** The reminders' language; default nl. Only with payer_email. */
    payer_language: z.enum(["nl", "en"], { error: "payer_language must be nl or en" }).optional(),
  })
  .refine((b) => !b.payer_language || b.payer_email, {
    error: "payer_language needs payer_email",
    path: ["payer_language"],
  })
export type CreateInvoiceLinkBody = z.output<typeof CreateInvoiceLinkBodySchema>

const LINK_STATUSES = ["OPEN", "CLOSED", "EXPIRED", "MAX_YIELD_REACHED", "MAX_SUCCESSFUL_PAYMENTS_REACHED"] as const

export const ListInvoiceLinksQuerySchema = z.strictObject({
  ...paginationFields({ defaultLimit: 20, maxLimit: 100 }),
  status: z.enum(LINK_STATUSES, { error: `status must be one of ${LINK_STATUSES.join(", ")}` }).optional(),
})
export type ListInvoiceLinksQuery = z.output<typeof ListInvoiceLinksQuerySchema>
