import { InMemoryLockingProvider } from "@medusajs/locking/dist/providers/in-memory"
import { isLockTimeout } from "../../src/lib/lock-timeout"

/** The settlements turn a lock wait that gave up into "retry": the words must be the locking module's own. */
describe("isLockTimeout", () => {
  it("recognises the in-memory locking provider's own time-out", async () => {
    const locking = new InMemoryLockingProvider()
    let release!: () => void
    const held = locking.execute("k", () => new Promise<void>((r) => (release = r)))
    const waited = await locking.execute("k", async () => "ran", { timeout: 1 }).catch((e: Error) => e)
    release()
    await held
    expect(waited).toBeInstanceOf(Error)
    expect(isLockTimeout((waited as Error).message)).toBe(true)
  })

  it("recognises the Redis and Postgres providers' wording", () => {
    expect(isLockTimeout('Failed to acquire lock for key "tikkie:payment-request:abc"')).toBe(true)
  })

  it("does not take other failures for a lock time-out", () => {
    expect(isLockTimeout("Cart cart_1 is already being completed by another request")).toBe(false)
    expect(isLockTimeout("connect ECONNREFUSED 127.0.0.1:5432")).toBe(false)
  })
})
