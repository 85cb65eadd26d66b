import { Modules } from "@medusajs/framework/utils"

/** What the plugin asks of a Redis connection: one Lua script a call (atomic, one round trip). */
export interface StoreRedis {
  eval(script: string, numKeys: number, ...args: Array<string | number>): Promise<unknown>
}

/**
 * How long a Redis call of the hot path may take before its caller counts in Postgres instead: Medusa's
 * Redis connection queues commands while Redis is away (BullMQ needs `maxRetriesPerRequest: null`), and
 * a webhook or a read must not wait for Redis to come back.
 */
export const STORE_REDIS_TIMEOUT_MS = 500

/**
 * The Redis connection of Medusa's Redis event bus (`@medusajs/medusa/event-bus-redis`), when the store
 * runs on it: every store of more than one instance does (the plugin refuses `server`/`worker`
 * instances without it, modules/tikkie/production-shape.ts). Shared counters and claims of the hot path
 * live there, one round trip each instead of a Postgres transaction. Undefined on Medusa's local event
 * bus (one process, the default): the callers keep to Postgres.
 *
 * Medusa gives its modules no public Redis client: the event bus service keeps the connection its loader
 * made (`eventBusRedisConnection`, an ioredis client) as `eventBusRedisConnection_`. It is looked up, not
 * assumed: if a Medusa version renames it, this answers undefined and the store counts in Postgres as on
 * one process (slower, still correct). `container`: any Medusa container or a provider's cradle (module
 * containers, the payment module's included, get the event bus).
 */
export function storeRedisOf(container: unknown): StoreRedis | undefined {
  const bus = eventBusOf(container)
  const connection = (bus as { eventBusRedisConnection_?: unknown } | undefined)?.eventBusRedisConnection_
  return typeof (connection as StoreRedis | undefined)?.eval === "function" ? (connection as StoreRedis) : undefined
}

/** The event bus of a Medusa container, or of a provider's cradle (whose every unknown key throws, `resolve` too). */
function eventBusOf(container: unknown): unknown {
  try {
    const resolve = (container as { resolve?: unknown }).resolve
    if (typeof resolve === "function") {
      return (container as { resolve(key: string, opts: { allowUnregistered: boolean }): unknown }).resolve(
        Modules.EVENT_BUS,
        { allowUnregistered: true }
      )
    }
  } catch {
    // a cradle: read the key itself below
  }
  try {
    return (container as Record<string, unknown>)[Modules.EVENT_BUS]
  } catch {
    return undefined
  }
}

/** Runs a Redis call with STORE_REDIS_TIMEOUT_MS; rejects past it (the caller falls back to Postgres). */
export async function withinRedisTimeout<T>(call: Promise<T>, timeoutMs = STORE_REDIS_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  call.catch(() => undefined) // an answer (or failure) after the timeout is nobody's
  try {
    return await Promise.race([
      call,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Redis did not answer within ${timeoutMs} ms`)), timeoutMs)
      }),
    ])
  } finally {
    clearTimeout(timer)
  }
}
