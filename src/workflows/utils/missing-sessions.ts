import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

export const MISSING_SESSIONS_PAGE = 200
/** A session misses its record only moments after it was made, so the newest 1,000 suffice; bounded for busy days. */
export const MISSING_SESSIONS_MAX = 1_000

export interface RecentSession {
  id: string
  provider_id: string
  payment_collection_id?: string
  data: Record<string, unknown> | null
}

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
