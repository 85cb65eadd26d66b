import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/**
 * Settlements a return route may run inline at once, for the whole store (every server instance): a
 * shopper waits on each. Past this the route hands the settlement over to the workers (an event) and
 * redirects at once with PROCESSING, so a storm of returns costs the server a few settlements at a time,
 * not one per shopper, and no shopper waits behind others' settlements. Four: a settlement holds a
 * database connection for a while (Medusa's pool is 10 by default) and the server must keep answering
 * webhooks and the store API meanwhile.
 */
export const INLINE_RETURN_SETTLEMENTS = 4

/**
 * The first key of the slots' Postgres advisory locks (two-key form: this, then the slot number). The
 * two-key locks are a space of their own: Medusa's Postgres locking takes one-key locks, so they never meet.
 */
export const INLINE_SLOT_LOCK_CLASS = 0x54494b4b // "TIKK"

/** The knex transaction the slots are held by (Medusa's PG_CONNECTION), as far as it is used here. */
interface SlotTransaction {
  raw(sql: string, bindings: readonly unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>
  commit(): Promise<unknown>
}

/**
 * Runs `settle` in one of the store's INLINE_RETURN_SETTLEMENTS slots, or `handOver` when all are taken.
 *
 * A slot is a transaction-scoped Postgres advisory lock, taken without waiting (`pg_try_advisory_xact_lock`)
 * in a transaction of the store's database that stays open while `settle` runs: Postgres frees it when
 * the transaction ends, and when the connection does (a server that crashes or is killed mid-settlement,
 * a connection dropped), so a slot never outlives its holder and never lapses under a live one (no lease
 * to renew, whatever the settlement waits on). The store's Postgres is what every instance shares, so
 * this holds with any of Medusa's locking providers. Medusa's locking module cannot give it:
 * its Postgres provider never lets another owner take an `acquire`d key, however old the lease
 * (a crashed holder's slot stayed taken forever, and after four every return handed over), and its
 * `execute` cannot try without waiting (a taken key is waited for until it frees, whatever the timeout).
 *
 * Cost: one pool connection per running inline settlement, idle in its transaction (at most
 * INLINE_RETURN_SETTLEMENTS in the store), and one for a moment per return that finds them all taken.
 */
export async function inInlineSlotOrHandOver<T>(
  container: MedusaContainer,
  settle: () => Promise<T>,
  handOver: () => Promise<T>
): Promise<T> {
  const pg = container.resolve<{ transaction(): Promise<SlotTransaction> }>(ContainerRegistrationKeys.PG_CONNECTION)
  const trx = await pg.transaction()
  let held = false
  try {
    const first = Math.floor(Math.random() * INLINE_RETURN_SETTLEMENTS)
    for (let i = 0; i < INLINE_RETURN_SETTLEMENTS && !held; i++) {
      const { rows } = await trx.raw(
        `select pg_try_advisory_xact_lock(?::int, ?::int) as held`,
        inlineSlotLock((first + i) % INLINE_RETURN_SETTLEMENTS)
      )
      held = rows[0]?.held === true
    }
  } catch (e) {
    await trx.commit().catch(() => undefined)
    throw e
  }
  if (!held) {
    await trx.commit().catch(() => undefined)
    return handOver()
  }
  try {
    return await settle()
  } finally {
    // Ends the transaction and with it the slot. A failure here (the connection dropped meanwhile, which
    // freed the slot already) must not turn a finished settlement into an error.
    await trx.commit().catch(() => undefined)
  }
}

/** The advisory lock keys of one slot, shared by both return routes (exported for tests that fill the slots). */
export function inlineSlotLock(slot: number): [number, number] {
  return [INLINE_SLOT_LOCK_CLASS, slot]
}
