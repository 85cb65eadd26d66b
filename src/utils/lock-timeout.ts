import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { errorMessage } from "./error-message"

/** How long a dead holder's settlement lock stays taken; Redis locking renews it while the holder runs. */
export const SETTLEMENT_LOCK_LEASE_SECONDS = 10

/** A lock wait gave up (each provider's wording): someone else is settling it, no problem of the payment. */
export function isLockTimeout(message: string): boolean {
  return /timed-out acquiring lock|failed to acquire lock/i.test(message)
}

export function isLostLease(message: string): boolean {
  return /lost the lock/i.test(message)
}

/** A shopper's return waits this long for the order's lock, then answers PROCESSING (the storefront asks again). */
export const RETURN_LOCK_WAIT_SECONDS = 2

/**
 * Runs `fn` under the lock `key`, or answers `busy(reason)` when the wait gives up; a lease lost while `fn`
 * ran keeps its committed result. The deadline is ours: Postgres locking ignores `execute`'s timeout.
 */
export async function underLockOrBusy<T>(
  container: MedusaContainer,
  key: string,
  fn: () => Promise<T>,
  busy: (reason: string) => T,
  timeoutSeconds = 60
): Promise<T> {
  let done: { result: T } | undefined
  let started = false
  let gaveUp = false
  const locked = container.resolve(Modules.LOCKING).execute(
    key,
    async () => {
      if (gaveUp) return undefined as T // the caller answered busy already: nothing to do under the lock
      started = true
      const result = await fn()
      done = { result }
      return result
    },
    { timeout: timeoutSeconds, expire: SETTLEMENT_LOCK_LEASE_SECONDS }
  )
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<"gave up">((resolve) => {
    timer = setTimeout(() => resolve("gave up"), timeoutSeconds * 1000)
  })
  try {
    const first = await Promise.race([locked.then((result) => ({ result })), deadline])
    if (first !== "gave up") return first.result
    if (!started) {
      gaveUp = true
      locked.catch(() => undefined) // ends when the lock is had or the provider's own wait gives up
      return busy(`Timed-out acquiring lock "${key}" after ${timeoutSeconds} s`)
    }
    return await locked // had the lock just in time: fn runs
  } catch (e) {
    const message = errorMessage(e)
    if (done && isLostLease(message)) {
      container
        .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
        .warn(`Lock ${key}: the lease lapsed before the settlement ended (${message.slice(0, 200)}); its result stands`)
      return done.result
    }
    if (!isLockTimeout(message)) throw e
    return busy(message)
  } finally {
    clearTimeout(timer)
  }
}
