import { InMemoryLockingProvider } from "@medusajs/locking/dist/providers/in-memory"
import { isLockTimeout, underLockOrBusy } from "../../src/utils/lock-timeout"

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

describe("underLockOrBusy", () => {
  const withLocking = (locking: InMemoryLockingProvider) => ({ resolve: () => locking }) as never

  it("runs under the lock, and answers busy (not an error) when the wait for the lock gives up", async () => {
    const locking = new InMemoryLockingProvider()
    const container = withLocking(locking)
    let release!: () => void
    const held = underLockOrBusy(
      container,
      "order-1",
      () => new Promise<string>((r) => (release = () => r("first"))),
      () => "busy"
    )
    const second = await underLockOrBusy(
      container,
      "order-1",
      async () => "ran",
      (reason) => `busy: ${reason}`,
      1
    )
    release()
    expect(await held).toBe("first")
    expect(second).toBe("busy: Timed-out acquiring lock.")
    expect(
      await underLockOrBusy(
        container,
        "order-1",
        async () => "ran",
        () => "busy"
      )
    ).toBe("ran")
  })

  it("passes other failures on", async () => {
    const container = withLocking(new InMemoryLockingProvider())
    await expect(
      underLockOrBusy(
        container,
        "k",
        async () => Promise.reject(new Error("cart gone")),
        () => "busy"
      )
    ).rejects.toThrow("cart gone")
  })
})
