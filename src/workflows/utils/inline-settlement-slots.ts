import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { recentEventLoopLagMs, recentEventLoopUtilization } from "../../utils/event-loop-lag"
import { recentHookRequests } from "../../utils/hook-request-rate"
import { storeRedisOf } from "../../utils/store-redis"

/** Return settlements run inline at once, store-wide (each holds a pool connection); the rest go to the workers. */
export const INLINE_RETURN_SETTLEMENTS = 4

export const INLINE_SETTLEMENT_MAX_LAG_MS = 100

/** Busy for more than half of the last 0.5 s: a settlement's CPU would hold up the requests already waiting. */
export const INLINE_SETTLEMENT_MAX_UTILIZATION = 0.5

/** More hook requests than this in the last 0.5 to 1 s: a burst is arriving, whatever the event loop says yet. */
export const INLINE_SETTLEMENT_MAX_HOOK_REQUESTS = 10

/** A busy server of a multi-instance store hands returns to the workers: webhooks wait behind its CPU. */
export function tooBusyToSettleInline(container: MedusaContainer): boolean {
  if (storeRedisOf(container) === undefined) return false
  return (
    recentEventLoopLagMs() > INLINE_SETTLEMENT_MAX_LAG_MS ||
    recentEventLoopUtilization() > INLINE_SETTLEMENT_MAX_UTILIZATION ||
    recentHookRequests() > INLINE_SETTLEMENT_MAX_HOOK_REQUESTS
  )
}

// Two-key advisory locks: a space Medusa's one-key locks never meet.
export const INLINE_SLOT_LOCK_CLASS = 0x54494b4b // "TIKK"

interface SlotTransaction {
  raw(sql: string, bindings: readonly unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>
  commit(): Promise<unknown>
}

/**
 * Runs `settle` in a slot, or `handOver` when all are taken. A slot is a transaction-scoped advisory lock
 * tried without waiting, freed with its transaction or connection (a killed server keeps none), which
 * Medusa's locking cannot give.
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
    await trx.commit().catch(() => undefined)
  }
}

export function inlineSlotLock(slot: number): [number, number] {
  return [INLINE_SLOT_LOCK_CLASS, slot]
}
