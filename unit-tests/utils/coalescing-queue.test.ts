import { CoalescingQueue } from "../../src/utils/coalescing-queue"

function gate() {
  let open!: () => void
  const opened = new Promise<void>((r) => (open = r))
  return { opened, open }
}

describe("CoalescingQueue", () => {
  it("runs at most `concurrency` tasks at once and every distinct key once", async () => {
    const q = new CoalescingQueue(3)
    let now = 0
    let peak = 0
    const ran: string[] = []
    const all = Array.from({ length: 20 }, (_, i) =>
      q.push(`k${i}`, async () => {
        now++
        peak = Math.max(peak, now)
        await new Promise((r) => setTimeout(r, 2))
        ran.push(`k${i}`)
        now--
      })
    )
    await Promise.all(all)
    expect(peak).toBe(3)
    expect(ran.sort()).toEqual(Array.from({ length: 20 }, (_, i) => `k${i}`).sort())
  })

  it("folds repeats of a key that is still waiting into one run, and every caller hears when it ends", async () => {
    const q = new CoalescingQueue(1)
    const blocker = gate()
    const busy = q.push("busy", () => blocker.opened)
    let runs = 0
    const callers = Array.from({ length: 5 }, () => q.push("order-1", async () => void runs++))
    expect(q.size).toEqual({ waiting: 1, running: 1 })
    blocker.open()
    await Promise.all([busy, ...callers])
    expect(runs).toBe(1)
  })

  it("runs a key once more when repeats arrive while it runs (it may have read the old state), however many arrive", async () => {
    const q = new CoalescingQueue(4)
    const first = gate()
    const seen: string[] = []
    let state = "NEW"
    const a = q.push("order-1", async () => {
      const read = state
      await first.opened
      seen.push(read)
    })
    await new Promise((r) => setImmediate(r))
    state = "PAID"
    const repeats = Array.from({ length: 3 }, () => q.push("order-1", async () => void seen.push(state)))
    expect(q.size).toEqual({ waiting: 1, running: 1 })
    first.open()
    await Promise.all([a, ...repeats])
    expect(seen).toEqual(["NEW", "PAID"])
  })

  it("gives a failing run's error to its callers and goes on with the others", async () => {
    const q = new CoalescingQueue(1)
    let ok = 0
    const bad = q.push("bad", async () => {
      throw new Error("boom")
    })
    const good = q.push("good", async () => void ok++)
    await expect(bad).rejects.toThrow("boom")
    await good
    expect(ok).toBe(1)
  })

  it("refuses a concurrency that is not a whole number of at least 1", () => {
    expect(() => new CoalescingQueue(0)).toThrow(/at least 1/)
    expect(() => new CoalescingQueue(1.5)).toThrow(/whole number/)
  })
})
