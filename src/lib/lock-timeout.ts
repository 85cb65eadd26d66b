/**
 * Waiting for a lock of Medusa's locking module gave up. The providers word it differently
 * (in-memory: "Timed-out acquiring lock."; Redis and Postgres: "Failed to acquire lock for key ...").
 * A settlement that meets it is not a problem of the payment: another instance is settling the same
 * record (or completing the same cart) right now, and the poll looks again.
 */
export function isLockTimeout(message: string): boolean {
  return /timed-out acquiring lock|failed to acquire lock/i.test(message)
}
