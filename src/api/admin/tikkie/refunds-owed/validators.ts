import { z } from "zod"
import { isValidIban, normalizeIban } from "tikkie-client/core/dutch-iban"

/** Query of GET /admin/tikkie/refunds-owed. */
export const ListRefundsOwedQuerySchema = z.strictObject({
  order_id: z.string().min(1).max(100).optional(),
  status: z.enum(["owed", "refunded"]).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
})
export type ListRefundsOwedQuery = z.output<typeof ListRefundsOwedQuerySchema>

/** Body of POST /admin/tikkie/refunds-owed/:id/refunded: the admin sent the money back by bank transfer. */
export const MarkRefundedBodySchema = z.strictObject({
  /** The bank's reference of the outgoing transfer (what the reconciliation matches it by). */
  bank_reference: z.string().trim().min(1).max(140),
  note: z.string().trim().max(500).optional(),
})
export type MarkRefundedBody = z.output<typeof MarkRefundedBodySchema>

const IbanRequestLanguageSchema = z.enum(["nl", "en"])

/** Query of GET /admin/tikkie/refunds-owed/:id/iban-request: the language to write in (else the order's). */
export const IbanRequestQuerySchema = z.strictObject({
  language: IbanRequestLanguageSchema.optional(),
})
export type IbanRequestQuery = z.output<typeof IbanRequestQuerySchema>

/** Body of POST /admin/tikkie/refunds-owed/:id/iban-request: send it from the store, or record that the admin's mail program did. */
export const RequestIbanBodySchema = z.strictObject({
  language: IbanRequestLanguageSchema,
  via: z.enum(["email", "mailto"]),
})
export type RequestIbanBody = z.output<typeof RequestIbanBodySchema>

/** Body of POST /admin/tikkie/refunds-owed/:id/payer-account: the IBAN the payer sent for their refund. */
export const PayerAccountBodySchema = z.strictObject({
  iban: z
    .string()
    .trim()
    .max(42)
    .refine(isValidIban, "iban is not a valid IBAN (check the country code, length and check digits)")
    .transform(normalizeIban),
  account_holder: z.string().trim().min(1).max(70).optional(),
})
export type PayerAccountBody = z.output<typeof PayerAccountBodySchema>
