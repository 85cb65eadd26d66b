import { z } from "@medusajs/framework/zod"
import { BANKS, DEFAULT_BANK } from "tikkie-client/account-information"
import { BANK_SCOPE_NAMES, type BankScopeName } from "../../../../modules/tikkie-bank/scopes"

/** Bodies and queries of the bank routes; a refusal names the field and the rule, never a stored value. */
export const ConnectBankBodySchema = z.strictObject({
  scopes: z
    .array(
      z.enum(BANK_SCOPE_NAMES as [BankScopeName, ...BankScopeName[]], {
        error: `scopes may hold ${BANK_SCOPE_NAMES.join(", ")}`,
      })
    )
    .min(1, "scopes must name at least one of details, balance, transactions, funds")
    .default([...BANK_SCOPE_NAMES]),
  bank: z.enum(BANKS, { error: `bank must be one of ${BANKS.join(", ")}` }).default(DEFAULT_BANK),
  /** The admin's language ("nl" or "en"): the page the bank sends the browser back to speaks it. */
  language: z.enum(["nl", "en"], { error: "language must be nl or en" }).optional(),
})
export type ConnectBankBody = z.output<typeof ConnectBankBodySchema>

export const TransactionsQuerySchema = z.strictObject({
  book_date_from: z.string().max(20).optional(),
  book_date_to: z.string().max(20).optional(),
  next_page_key: z.string().min(1).max(2_000).optional(),
})
export type TransactionsQuery = z.output<typeof TransactionsQuerySchema>

export const FundsQuerySchema = z.strictObject({
  amount_in_cents: z.coerce
    .number({ error: "amount_in_cents must be a whole number of cents" })
    .int("amount_in_cents must be a whole number of cents")
    .positive("amount_in_cents must be positive")
    .max(Number.MAX_SAFE_INTEGER),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "currency must be a 3-letter ISO 4217 code in capitals")
    .default("EUR"),
})
export type FundsQuery = z.output<typeof FundsQuerySchema>
