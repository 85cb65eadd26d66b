import type { RefundPaymentInput, RefundPaymentOutput } from "@medusajs/framework/types"
import { z } from "zod"
import { toCents } from "../../utils/medusa-money"

/**
 * A refund the shop paid back by bank transfer, marked by an admin on the plugin's refund owed. The
 * plugin writes it into the Medusa payment's data before it runs Medusa's refund workflow, so the
 * provider of a product without a refund operation (Fast Checkout, payment requests v1) can answer that
 * one refund, and only that one, without calling Tikkie. `medusaRefundId` is Medusa's refund it became.
 */
export const BankTransferRefundSchema = z.object({
  refundOwedId: z.string(),
  amountInCents: z.number().int().positive(),
  bankReference: z.string(),
  markedAt: z.string(),
  medusaRefundId: z.string().optional(),
})
export type BankTransferRefund = z.output<typeof BankTransferRefundSchema>

export const BankTransferRefundsSchema = z.array(BankTransferRefundSchema)

export const BANK_TRANSFER_REFUNDS_KEY = "bankTransferRefunds" as const

export function bankTransferRefundsOf(data: Record<string, unknown> | undefined): BankTransferRefund[] {
  const parsed = BankTransferRefundsSchema.safeParse(data?.[BANK_TRANSFER_REFUNDS_KEY])
  return parsed.success ? parsed.data : []
}

/**
 * The provider's answer for a refund an admin marked as sent by bank transfer: the marked refund of
 * exactly this amount gets Medusa's refund id (a retry of the same Medusa refund finds it again), and
 * the data is answered with it. Nothing marked for this amount: undefined (the provider refuses).
 */
export function answerBankTransferRefund(input: RefundPaymentInput): RefundPaymentOutput | undefined {
  const refunds = bankTransferRefundsOf(input.data)
  const medusaRefundId = input.context?.idempotency_key
  const amountInCents = toCents(input.amount)
  const again = medusaRefundId ? refunds.findIndex((r) => r.medusaRefundId === medusaRefundId) : -1
  const index = again >= 0 ? again : refunds.findIndex((r) => !r.medusaRefundId && r.amountInCents === amountInCents)
  if (index < 0) return undefined
  const next = refunds.map((r, i) => (i === index ? { ...r, medusaRefundId: r.medusaRefundId ?? medusaRefundId } : r))
  return { data: { ...input.data, [BANK_TRANSFER_REFUNDS_KEY]: next } }
}
