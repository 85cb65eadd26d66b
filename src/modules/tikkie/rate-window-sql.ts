import { generateEntityId } from "@medusajs/framework/utils"

/**
 * The store-wide rate windows (tikkie_rate_window) in SQL, in one place for both ways of reaching the
 * database: the tikkie module's service (its entity manager) and a payment provider, which lives in the
 * payment module's container and gets only the shared connection (`__pg_connection__`). Placeholders
 * are `?`, which both MikroORM's `execute` and knex's `raw` take.
 */
export type RunSql = (sql: string, bindings: unknown[]) => Promise<Array<Record<string, unknown>>>

/**
 * A held window's count: above any limit, so every instance waits for the next second. Room is left
 * below the integer column's maximum for the calls still counted in that second.
 */
export const RATE_WINDOW_HELD = 1_000_000_000

/** Windows are kept an hour: the health card shows the busiest second of the last hour. */
export const RATE_WINDOWS_KEPT_SECONDS = 3_600

/**
 * Counts one call of `key` in the current wall-clock second (one atomic upsert); answers the second's count.
 * `tidyInBackground`: the first call of a second does not wait for the tidy-up of old windows (it is no
 * part of the count; over a pool connection, outside any transaction, it may finish after the answer). A
 * caller inside a transaction leaves it off: a query may not outlive its transaction.
 */
export async function countRateWindowCall(
  run: RunSql,
  key: string,
  { tidyInBackground = false }: { tidyInBackground?: boolean } = {}
): Promise<{ count: number; window: number }> {
  const window = Math.floor(Date.now() / 1000)
  const rows = await run(
    `insert into tikkie_rate_window (id, key, "window", count, created_at, updated_at)
     values (?, ?, ?, 1, now(), now())
     on conflict (key, "window") where deleted_at is null
     do update set count = tikkie_rate_window.count + 1
     returning count`,
    [generateEntityId(undefined, "tkrw"), key, window]
  )
  const count = Number(rows[0].count)
  if (count === 1) {
    // The first call of a second tidies up windows older than the health card's hour (a failure only
    // leaves rows the next second's first call deletes): at most 3,600 rows a key.
    const tidy = run(`delete from tikkie_rate_window where key = ? and "window" < ?`, [
      key,
      window - RATE_WINDOWS_KEPT_SECONDS,
    ])
    if (tidyInBackground) tidy.catch(() => undefined)
    else await tidy
  }
  return { count, window }
}

/** Marks the second `window` of `key` as full for every instance (the service answered 429 in it). */
export async function holdRateWindow(run: RunSql, key: string, window: number): Promise<void> {
  await run(
    `insert into tikkie_rate_window (id, key, "window", count, created_at, updated_at)
     values (?, ?, ?, ?, now(), now())
     on conflict (key, "window") where deleted_at is null
     do update set count = greatest(tikkie_rate_window.count, excluded.count)`,
    [generateEntityId(undefined, "tkrw"), key, window, RATE_WINDOW_HELD]
  )
}

/** The busiest second of `key` since `since`, held seconds (Tikkie answered 429) left out and counted apart. */
export async function busiestRateSecond(
  run: RunSql,
  key: string,
  since: Date
): Promise<{ busiest: number; held: number }> {
  const rows = await run(
    `select coalesce(max(count) filter (where count < ?), 0) as busiest, count(*) filter (where count >= ?) as held
       from tikkie_rate_window where key = ? and "window" >= ? and deleted_at is null`,
    [RATE_WINDOW_HELD, RATE_WINDOW_HELD, key, Math.floor(since.getTime() / 1000)]
  )
  return { busiest: Number(rows[0]?.busiest ?? 0), held: Number(rows[0]?.held ?? 0) }
}
