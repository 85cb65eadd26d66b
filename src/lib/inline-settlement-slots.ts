import { randomUUID } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

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
 * A slot's lease in the locking module: a server that dies mid-settlement frees its slot after this
 * many seconds. Longer than a settlement takes (a Tikkie read, the cart's completion: seconds), so a
 * live one never loses its slot.
 */
const SLOT_LEASE_SECONDS = 30

/**
 * Runs `settle` in one of the store's INLINE_RETURN_SETTLEMENTS slots, or `handOver` when all are taken.
 * The slots are locks of Medusa's locking module (Redis or Postgres in a multi-instance store, memory in
 * one process), taken without waiting; the count lives there, not in this process.
 */
export async function inInlineSlotOrHandOver<T>(
  container: MedusaContainer,
  settle: () => Promise<T>,
  handOver: () => Promise<T>
): Promise<T> {
  const locking = container.resolve(Modules.LOCKING)
  const ownerId = `tikkie-return:${randomUUID()}`
  const first = Math.floor(Math.random() * INLINE_RETURN_SETTLEMENTS)
  for (let i = 0; i < INLINE_RETURN_SETTLEMENTS; i++) {
    const key = inlineSlotKey((first + i) % INLINE_RETURN_SETTLEMENTS)
    try {
      await locking.acquire(key, { ownerId, expire: SLOT_LEASE_SECONDS })
    } catch {
      continue // taken: try the next slot
    }
    try {
      return await settle()
    } finally {
      await locking.release(key, { ownerId }).catch(() => undefined)
    }
  }
  return handOver()
}

/** The locking key of one slot, shared by both return routes (exported for tests that fill the slots). */
export function inlineSlotKey(slot: number): string {
  return `tikkie:return-inline:${slot}`
}
