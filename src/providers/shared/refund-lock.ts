import { databaseOf } from "./database-of"

/**
 * What a refund decides under the lock: the ids of the refunds Medusa holds for the payment (its
 * `refund` rows), read after the lock was taken. `undefined` outside a Medusa app (a provider built in a
 * unit test, with no database): the caller then has only the payment's data to go by.
 */
export type RecordedMedusaRefunds = string[] | undefined

/**
 * What a provider that answers from the payment's data also reads under the lock: the payment's `data`
 * as it is now (Medusa handed the provider what it read before this refund waited for the lock), and
 * Medusa's refunds of the payment with their metadata, oldest first.
 */
export interface LockedPaymentState {
  data: Record<string, unknown> | null
  refunds: Array<{ id: string; metadata: Record<string, unknown> | null }>
}

/**
 * One refund of a Medusa payment through the provider at a time, on every path that reaches it: the
 * admin's refund route and Medusa's own cancel, return, claim and exchange workflows all end in the
 * payment module's `refundPayment`, which calls the provider. (A lock on one route left the others
 * free to take up a refund still on its way as "a refund whose answer was lost".)
 *
 * Why Postgres and not the locking module: a provider lives in the payment module's container, which
 * holds the database connection but no locking module. The lock is a transaction-level advisory lock
 * on the payment's id, so every store instance sharing the database waits for it, and it ends with the
 * transaction (a crash ends the session, and with it the lock). It holds one pool connection for the
 * refund's few Tikkie calls; refunds are admin actions, rare next to the pool's size. It does not touch
 * the payment's row, which Medusa locks itself (`FOR UPDATE`, 3 s lock timeout) before calling the
 * provider: the next refund's own bookkeeping never waits on this one's Tikkie calls.
 *
 * Why Medusa's refund rows: they are what Medusa recorded, and nothing can lose them. The payment module
 * commits a refund's row before it calls the provider and deletes it when the provider throws, so under
 * this lock every row is a refund that succeeded or the one being made now. The payment's `data`, which
 * the provider is handed, was read before this refund waited for the lock, and may miss a refund that
 * finished meanwhile; a settlement writing the data can no longer drop one either (workflows/utils/payment-data.ts).
 */
export async function underRefundLock<T>(
  container: Record<string, unknown>,
  medusaRefundId: string | undefined,
  refund: (recorded: RecordedMedusaRefunds, locked?: LockedPaymentState) => Promise<T>
): Promise<T> {
  const pg = databaseOf(container)
  if (!pg || !medusaRefundId) return refund(undefined)
  return pg.transaction(async (trx) => {
    const row = await trx("refund").select("payment_id").where({ id: medusaRefundId }).first()
    if (!row?.payment_id) return refund(undefined)
    await trx.raw("select pg_advisory_xact_lock(hashtextextended(?, 0))", [`tikkie:refund:payment:${row.payment_id}`])
    const rows: LockedPaymentState["refunds"] = await trx("refund")
      .select("id", "metadata")
      .where({ payment_id: row.payment_id })
      .whereNull("deleted_at")
      .orderBy([{ column: "created_at" }, { column: "id" }])
    const payment: { data: Record<string, unknown> | null } | undefined = await trx("payment")
      .select("data")
      .where({ id: row.payment_id })
      .first()
    return refund(
      rows.map((r) => r.id),
      { data: payment?.data ?? null, refunds: rows }
    )
  })
}
