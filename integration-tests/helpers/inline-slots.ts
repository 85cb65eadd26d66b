import type { MedusaContainer } from "@medusajs/framework/types"
import { Client, type ClientConfig } from "@medusajs/framework/pg"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { INLINE_RETURN_SETTLEMENTS, inlineSlotLock } from "../../src/workflows/utils/inline-settlement-slots"

type Pg = {
  client: { config: { connection: unknown } }
  raw(sql: string, bindings?: readonly unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>
}

/**
 * Takes every inline return slot the way a running settlement holds one (workflows/utils/inline-settlement-slots.ts):
 * in a transaction of the store's database, on a connection of its own (as another server's would be:
 * killing a connection of the app's own pool would leave the pool a dead connection to hand out).
 * `release` ends the transaction; `crash` ends its connection from the server side, as Postgres does
 * when the holding process dies.
 */
export async function holdInlineSlots(container: MedusaContainer) {
  const pg = container.resolve<Pg>(ContainerRegistrationKeys.PG_CONNECTION)
  const connection = pg.client.config.connection
  const client = new Client(
    typeof connection === "string" ? { connectionString: connection } : (connection as ClientConfig)
  )
  client.on("error", () => undefined) // the crash ends it from the server side
  await client.connect()
  await client.query("begin")
  for (let slot = 0; slot < INLINE_RETURN_SETTLEMENTS; slot++) {
    await client.query(`select pg_advisory_xact_lock($1::int, $2::int)`, inlineSlotLock(slot))
  }
  const pid = Number((await client.query(`select pg_backend_pid() as pid`)).rows[0].pid)
  return {
    release: async () => {
      await client.query("commit").catch(() => undefined)
      await client.end().catch(() => undefined)
    },
    crash: async () => {
      await pg.raw(`select pg_terminate_backend(?)`, [pid])
      await client.end().catch(() => undefined) // its connection is gone
    },
  }
}
