import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { errorMessage } from "./error-message"

/**
 * Waiting for a lock of Medusa's locking module gave up. The providers word it differently
 * (in-memory: "Timed-out acquiring lock."; Redis and Postgres: "Failed to acquire lock for key ...").
 * A settlement that meets it is not a problem of the payment: another instance is settling the same
 * record (or completing the same cart) right now, and the poll looks again.
 */
export function isLockTimeout(message: string): boolean {
  return /timed-out acquiring lock|failed to acquire lock/i.test(message)
}

/** Runs `fn` under the lock `key`; when the wait for it gives up, answers `busy(reason)` instead of failing. */
export async function underLockOrBusy<T>(
  container: MedusaContainer,
  key: string,
  fn: () => Promise<T>,
  busy: (reason: string) => T,
  timeoutSeconds = 60
): Promise<T> {
  try {
    return await container.resolve(Modules.LOCKING).execute(key, fn, { timeout: timeoutSeconds })
  } catch (e) {
    if (!isLockTimeout(errorMessage(e))) throw e
    return busy(errorMessage(e))
  }
}
