import type { RefundPaymentInput, RefundPaymentOutput } from "@medusajs/framework/types"
import { z } from "zod"
import { toCents } from "../../utils/medusa-money"
import { bankTransferMarkOf } from "../../modules/tikkie/refund-owed-mark-sql"
import { databaseOf } from "./database-of"
import { medusaRefundOf, underRefundLock, type LockedPaymentState } from "./refund-lock"

/** A bank-transfer mark as earlier versions kept it in the payment's data; still read after an upgrade. */
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

/** Names, in a Medusa refund's metadata, the refund owed it was made for (recordMedusaRefundStep). */
export const REFUND_OWED_METADATA_KEY = "tikkie_refund_owed_id" as const

/**
 * For a payment Tikkie cannot refund: answers only Medusa's refund made for a refund owed an admin marked
 * sent by bank transfer (named in its metadata), of exactly that amount, the oldest naming it; otherwise
 * undefined (the provider refuses). Decided under the payment's refund lock (refund-lock.ts).
 */
export async function answerBankTransferRefund(
  container: Record<string, unknown>,
  input: RefundPaymentInput
): Promise<RefundPaymentOutput | undefined> {
  const named = (await medusaRefundOf(container, input.context?.idempotency_key))?.metadata?.[REFUND_OWED_METADATA_KEY]
  if (typeof named !== "string") return undefined
  return underRefundLock(container, input.context?.idempotency_key, async (_recorded, locked) => {
    if (!locked) return undefined
    const refundOwedId = refundOwedIdOf(locked, input.context?.idempotency_key)
    const pg = databaseOf(container)
    const marked =
      refundOwedId && pg
        ? await bankTransferMarkOf(async (sql, b) => (await pg.raw(sql, b as never)).rows, refundOwedId)
        : undefined
    const marks = [
      ...(marked && marked.paymentId === locked.paymentId ? [marked] : []),
      ...bankTransferRefundsOf(input.data),
    ]
    return matchBankTransferRefund(input, locked, marks)
  })
}

function refundOwedIdOf(locked: LockedPaymentState, medusaRefundId: string | undefined): string | undefined {
  const id = locked.refunds.find((r) => r.id === medusaRefundId)?.metadata?.[REFUND_OWED_METADATA_KEY]
  return typeof id === "string" ? id : undefined
}

export function matchBankTransferRefund(
  input: RefundPaymentInput,
  locked: LockedPaymentState,
  marks: Array<{ refundOwedId: string; amountInCents: number; medusaRefundId?: string }>
): RefundPaymentOutput | undefined {
  const medusaRefundId = input.context?.idempotency_key
  const refundOwedId = refundOwedIdOf(locked, medusaRefundId)
  if (!medusaRefundId || !refundOwedId) return undefined
  const mark = marks.find((r) => r.refundOwedId === refundOwedId)
  if (!mark || mark.amountInCents !== toCents(input.amount)) return undefined
  const live = new Set(locked.refunds.map((r) => r.id))
  if (mark.medusaRefundId && mark.medusaRefundId !== medusaRefundId && live.has(mark.medusaRefundId)) return undefined
  const first = locked.refunds.find((r) => r.metadata?.[REFUND_OWED_METADATA_KEY] === refundOwedId)
  if (first && first.id !== medusaRefundId) return undefined
  return { data: input.data ?? {} }
}
