import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/** Sessions a poll run reads at once when it looks for sessions without a record. */
export const MISSING_SESSIONS_PAGE = 200
/**
 * Sessions a run looks at in all, newest first. A session misses its record when the process stopped
 * between the two (moments after it was made), and the poll runs every minute: a session is looked at in
 * every run until this many newer ones were made, so only a store making more than this many a minute
 * could pass one by. Bounded so that a busy day never makes the minute's run read every session of it.
 */
export const MISSING_SESSIONS_MAX = 1_000

export interface RecentSession {
  id: string
  provider_id: string
  payment_collection_id?: string
  data: Record<string, unknown> | null
}

/**
 * Reads the payment sessions of the providers starting with `providerPrefix` made after `since`, newest
 * first, in pages of MISSING_SESSIONS_PAGE and at most MISSING_SESSIONS_MAX in all, handing each page to
 * `handle` before the next is read.
 */
export async function forRecentSessionPages(
  container: MedusaContainer,
  opts: { providerPrefix: string; since: Date; fields: string[] },
  handle: (page: RecentSession[]) => Promise<void>
): Promise<void> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  for (let skip = 0; skip < MISSING_SESSIONS_MAX; skip += MISSING_SESSIONS_PAGE) {
    const { data } = await query.graph({
      entity: "payment_session",
      fields: opts.fields,
      filters: { provider_id: { $like: `${opts.providerPrefix}%` }, created_at: { $gt: opts.since } },
      pagination: { take: MISSING_SESSIONS_PAGE, skip, order: { created_at: "DESC" } },
    })
    const page = data as RecentSession[]
    if (page.length) await handle(page)
    if (page.length < MISSING_SESSIONS_PAGE) return
  }
}
