import { z } from "@medusajs/framework/zod"

/** The bank's redirect back: `?code&state`, or `?error&state` (OAuth 2.0's authorization response). */
export const BankConsentCallbackQuerySchema = z.object({
  state: z.string().min(1).max(200).optional(),
  code: z.string().min(1).max(2_000).optional(),
  error: z.string().min(1).max(100).optional(),
  error_description: z.string().max(1_000).optional(),
})
export type BankConsentCallbackQuery = z.output<typeof BankConsentCallbackQuerySchema>
