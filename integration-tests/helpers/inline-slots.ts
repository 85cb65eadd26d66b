import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { INLINE_RETURN_SETTLEMENTS, inlineSlotLock } from "../../src/lib/inline-settlement-slots"

interface Trx {
  raw(sql: string, bindings?: readonly unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>
  commit(): Promise<unknown>
}
type Pg = { transaction(): Promise<Trx>; raw(sql: string, bindings?: readonly unknown[]): Promise<{ rows: Array<Record<string, unknown>> }> }

/**
 * Takes every inline return slot the way a running settlement holds one (lib/inline-settlement-slots.ts):
 * in a transaction of the store's database, here on one connection of its pool. `release` ends the
 * transaction; `crash` ends its connection from the server side, as Postgres does when the holding
 * process dies.
 */
export async function holdInlineSlots(container: MedusaContainer) {
  const pg = container.resolve<Pg>(ContainerRegistrationKeys.PG_CONNECTION)
  const trx = await pg.transaction()
  for (let slot = 0; slot < INLINE_RETURN_SETTLEMENTS; slot++) {
    await trx.raw(`select pg_advisory_xact_lock(?::int, ?::int)`, inlineSlotLock(slot))
  }
  const pid = Number((await trx.raw(`select pg_backend_pid() as pid`)).rows[0].pid)
  return {
    release: () => trx.commit().catch(() => undefined),
    crash: async () => {
      await pg.raw(`select pg_terminate_backend(?)`, [pid])
      await trx.commit().catch(() => undefined) // fails: its connection is gone
    },
  }
}
