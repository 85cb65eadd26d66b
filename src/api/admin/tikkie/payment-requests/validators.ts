import { z } from "zod"
import { isCalendarDate } from "../../../../tikkie/payment-requests/v2/amsterdam-date"
import {
  characterLength,
  DESCRIPTION_MAX_LENGTH,
  PAYMENT_REQUEST_MAX_AMOUNT_IN_CENTS,
  REFERENCE_ID_PATTERN,
} from "../../../../tikkie/payment-requests/v2/rules"

/** Rules shared by the admin link routes: Tikkie's own, checked here so the admin gets them by name. */
export const amountInCentsField = z
  .int({ error: "amount_in_cents must be a whole number of cents" })
  .min(1, "amount_in_cents must be at least 1")
  .max(PAYMENT_REQUEST_MAX_AMOUNT_IN_CENTS, `amount_in_cents must be at most ${PAYMENT_REQUEST_MAX_AMOUNT_IN_CENTS}`)

export const descriptionField = z
  .string({ error: "description must be a string" })
  .trim()
  .min(1, "description must not be empty")
  .refine((v) => characterLength(v) <= DESCRIPTION_MAX_LENGTH, `description must be at most ${DESCRIPTION_MAX_LENGTH} characters`)

export const expiryDateField = z
  .string({ error: "expiry_date must be a string" })
  .refine(isCalendarDate, "expiry_date must be a date written yyyy-mm-dd")

export const providerIdField = z
  .string()
  .startsWith("pp_tikkie-payment-request_", "provider_id must be a Tikkie payment request provider")

export const CreateInvoiceLinkBodySchema = z.strictObject({
  /** Leave out for an open amount: the payer chooses. */
  amount_in_cents: amountInCentsField.optional(),
  description: descriptionField,
  reference_id: z
    .string({ error: "reference_id must be a string" })
    .regex(REFERENCE_ID_PATTERN, "reference_id must be 1-35 characters of a-z, A-Z, 0-9, space and !&'()+-./:?_`,")
    .optional(),
  expiry_date: expiryDateField.optional(),
  provider_id: providerIdField.optional(),
})
export type CreateInvoiceLinkBody = z.output<typeof CreateInvoiceLinkBodySchema>

export const ListInvoiceLinksQuerySchema = z.strictObject({
  limit: z.coerce.number({ error: "limit must be a number" }).int("limit must be a whole number").min(1, "limit must be at least 1").max(100, "limit must be at most 100").default(20),
  offset: z.coerce.number({ error: "offset must be a number" }).int("offset must be a whole number").min(0, "offset must be at least 0").default(0),
  status: z.enum(["OPEN", "CLOSED", "EXPIRED", "MAX_YIELD_REACHED", "MAX_SUCCESSFUL_PAYMENTS_REACHED"]).optional(),
})
export type ListInvoiceLinksQuery = z.output<typeof ListInvoiceLinksQuerySchema>
