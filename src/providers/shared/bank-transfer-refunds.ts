import type { RefundPaymentInput, RefundPaymentOutput } from "@medusajs/framework/types"
import { z } from "zod"
import { toCents } from "../../utils/medusa-money"
import { underRefundLock, type LockedPaymentState } from "./refund-lock"

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

/** The key of a Medusa refund's metadata that names the refund owed it was made for (recordMedusaRefundStep). */
export const REFUND_OWED_METADATA_KEY = "tikkie_refund_owed_id" as const

/**
 * The provider's answer to a Medusa refund of a payment Tikkie cannot refund: only the refund Medusa made
 * for a refund owed an admin marked sent by bank transfer (its metadata names that refund owed) is
 * answered, of exactly the marked amount, once; anything else is undefined (the provider refuses).
 *
 * Decided under the payment's refund lock (refund-lock.ts), on what is read there: the payment's data as
 * it is now, and Medusa's refunds of the payment. Two refunds of one mark at once cannot both be answered:
 * the oldest of Medusa's refunds naming the mark is the one; and any other refund of the same amount (a
 * cancel, a module call) is refused instead of taking the mark up, as matching by amount alone allowed.
 */
export async function answerBankTransferRefund(
  container: Record<string, unknown>,
  input: RefundPaymentInput
): Promise<RefundPaymentOutput | undefined> {
  return underRefundLock(container, input.context?.idempotency_key, async (_recorded, locked) =>
    locked ? matchBankTransferRefund(input, locked) : undefined
  )
}

/** The decision itself (answerBankTransferRefund), on the state read under the lock. */
export function matchBankTransferRefund(
  input: RefundPaymentInput,
  locked: LockedPaymentState
): RefundPaymentOutput | undefined {
  const medusaRefundId = input.context?.idempotency_key
  const me = locked.refunds.find((r) => r.id === medusaRefundId)
  const refundOwedId = me?.metadata?.[REFUND_OWED_METADATA_KEY]
  if (!medusaRefundId || typeof refundOwedId !== "string") return undefined
  const data = locked.data ?? input.data ?? {}
  const marks = bankTransferRefundsOf(data)
  const mark = marks.find((r) => r.refundOwedId === refundOwedId)
  if (!mark || mark.amountInCents !== toCents(input.amount)) return undefined
  const live = new Set(locked.refunds.map((r) => r.id))
  // Taken by another of Medusa's refunds that still exists (a refund Medusa deleted after a failure frees it).
  if (mark.medusaRefundId && mark.medusaRefundId !== medusaRefundId && live.has(mark.medusaRefundId)) return undefined
  const first = locked.refunds.find((r) => r.metadata?.[REFUND_OWED_METADATA_KEY] === refundOwedId)
  if (first && first.id !== medusaRefundId) return undefined
  const next = marks.map((r) => (r === mark ? { ...r, medusaRefundId } : r))
  return { data: { ...data, [BANK_TRANSFER_REFUNDS_KEY]: next } }
}
