import { generateEntityId } from "@medusajs/framework/utils"

/** The store-wide rate windows in SQL, for the module's service and for a provider's shared connection (`?` placeholders). */
export type RunSql = (sql: string, bindings: unknown[]) => Promise<Array<Record<string, unknown>>>

/** A held window's count: above any limit, below the integer column's maximum. */
export const RATE_WINDOW_HELD = 1_000_000_000

export const RATE_WINDOWS_KEPT_SECONDS = 3_600

/** One call of `key` this second; `tidyInBackground`: not waiting for the hourly tidy-up (outside transactions). */
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
    const tidy = run(`delete from tikkie_rate_window where key = ? and "window" < ?`, [
      key,
      window - RATE_WINDOWS_KEPT_SECONDS,
    ])
    if (tidyInBackground) tidy.catch(() => undefined)
    else await tidy
  }
  return { count, window }
}

/** Gives back a call counted in `window` and not made there (its slot came too late in the second). */
export async function releaseRateWindowCall(run: RunSql, key: string, window: number): Promise<void> {
  await run(
    `update tikkie_rate_window set count = count - 1
      where key = ? and "window" = ? and count > 0 and count < ? and deleted_at is null`,
    [key, window, RATE_WINDOW_HELD]
  )
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
