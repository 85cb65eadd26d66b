import { Modules } from "@medusajs/framework/utils"

/** One Lua script a call: atomic, one round trip. */
export interface StoreRedis {
  eval(script: string, numKeys: number, ...args: Array<string | number>): Promise<unknown>
}

/** Medusa's Redis connection queues commands while Redis is away; the hot path must not wait for it. */
export const STORE_REDIS_TIMEOUT_MS = 500

/**
 * The connection of Medusa's Redis event bus, or undefined (the callers then count in Postgres). Medusa
 * gives modules no public Redis client, so the private field is looked up, not assumed: a rename only
 * costs speed.
 */
export function storeRedisOf(container: unknown): StoreRedis | undefined {
  const bus = eventBusOf(container)
  const connection = (bus as { eventBusRedisConnection_?: unknown } | undefined)?.eventBusRedisConnection_
  return typeof (connection as StoreRedis | undefined)?.eval === "function" ? (connection as StoreRedis) : undefined
}

/** A provider's cradle throws on every unknown key, `resolve` too. */
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
