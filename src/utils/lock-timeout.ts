import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { errorMessage } from "./error-message"

/**
 * The lease of a settlement lock, in seconds: how long the key stays locked after its holder died
 * without releasing it (a worker killed, a deploy). Medusa's Redis locking renews the lease every third
 * of it while the holder still runs (`execute`), so a slow settlement (a rate-limit wait, a slow Tikkie
 * read, a long cart completion) keeps its lock however long it takes; the lease only needs to outlast
 * two missed renewals. Redis locking's default is 60 s, so a killed worker's order waited a minute for
 * the next settlement; a settlement is seconds of work, so 10 s. In-memory locking ignores it (its locks
 * die with the process); Postgres locking holds its locks by session, which also ends with the process.
 *
 * If the lease lapses while the holder still works (Redis unreachable for two renewals, or the event
 * loop stalled that long), a second settlement may start alongside it. Exactly-once does not rest on this
 * lock alone: the record's `medusa_order_id` (read first under the lock) makes a later settlement a
 * no-op, and Medusa's completeCartWorkflow takes its own lock on the cart and finds an existing order
 * through the order-cart link, so the second settlement answers "already completed" instead of making
 * another order.
 */
export const SETTLEMENT_LOCK_LEASE_SECONDS = 10

/**
 * Waiting for a lock of Medusa's locking module gave up. The providers word it differently
 * (in-memory: "Timed-out acquiring lock."; Redis and Postgres: "Failed to acquire lock for key ...").
 * A settlement that meets it is not a problem of the payment: another instance is settling the same
 * record (or completing the same cart) right now, and the poll looks again.
 */
export function isLockTimeout(message: string): boolean {
  return /timed-out acquiring lock|failed to acquire lock/i.test(message)
}

/** Redis locking lost the lease under a running holder ("Lost the lock for key(s) ..."): see above. */
export function isLostLease(message: string): boolean {
  return /lost the lock/i.test(message)
}

/**
 * How long a settlement asked for by a shopper's return waits for the order's lock.
 * A webhook or poll settlement of the same order holds it through its wait for a Tikkie rate slot and its
 * cart completion; the shopper is better served by "confirming your payment" (PROCESSING: the storefront
 * asks again, storefront/return-state.ts) than by sharing that wait, which the default 60 s allows.
 */
export const RETURN_LOCK_WAIT_SECONDS = 2

/**
 * Runs `fn` under the lock `key` with a lease of SETTLEMENT_LOCK_LEASE_SECONDS; when the wait for it gives
 * up, answers `busy(reason)` instead of failing. When the lease was lost while `fn` ran, `fn`'s work is
 * done and committed (its guards held, see SETTLEMENT_LOCK_LEASE_SECONDS): its result is answered and
 * the loss logged, rather than an error that would make the caller retry what already happened.
 *
 * The wait ends after `timeoutSeconds` whichever provider holds the lock: Medusa's Postgres locking
 * ignores `execute`'s timeout while the key is taken (its timeout only rejects once the lock is finally
 * had, then rolls back), so the caller stops waiting here. Its pending wait still holds a pool connection
 * until the holder ends, then takes the lock, runs nothing and lets it go.
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
