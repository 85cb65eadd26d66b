import type { RunSql } from "./rate-window-sql"

export interface BankTransferMark {
  refundOwedId: string
  paymentId: string | null
  amountInCents: number
}

/** A refund owed's bank-transfer mark, read by the providers over the shared connection (as rate-window-sql.ts). */
export async function bankTransferMarkOf(run: RunSql, refundOwedId: string): Promise<BankTransferMark | undefined> {
  const [row] = await run(
    `select id, payment_id, amount_in_cents from tikkie_refund_owed
      where id = ? and deleted_at is null and bank_transfer_marked_at is not null`,
    [refundOwedId]
  )
  if (!row) return undefined
  return {
    refundOwedId: String(row.id),
    paymentId: (row.payment_id as string | null) ?? null,
    amountInCents: Number(row.amount_in_cents),
  }
}
