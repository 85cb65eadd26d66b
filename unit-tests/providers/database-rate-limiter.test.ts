import {
  DatabaseRateLimiter,
  RATE_WINDOW_HELD,
  SLOT_GUARD_MS,
  type RateWindowCounter,
} from "../../src/modules/tikkie/database-rate-limiter"

/**
 * The limiter's slot timing against a counter with the database's behaviour (one count per call and
 * second, answered after `latencyMs`); what it is checked for is the second each granted call would
 * arrive in at Tikkie.
 */
function counter(latencyMs: number) {
  const windows = new Map<number, number>()
  const calls: number[] = []
  const tikkie = {
    async countRateWindowCall() {
      const window = Math.floor(Date.now() / 1000)
      calls.push(Date.now())
      const count = (windows.get(window) ?? 0) + 1
      windows.set(window, count)
      await new Promise((r) => setTimeout(r, latencyMs))
      return { count, window }
    },
    /** What the store's SQL does: the window counts as full for every instance until it ends. */
    async holdRateWindow(_key: string, window: number) {
      windows.set(window, Math.max(windows.get(window) ?? 0, RATE_WINDOW_HELD))
    },
    async releaseRateWindowCall(_key: string, window: number) {
      const count = windows.get(window) ?? 0
      if (count > 0 && count < RATE_WINDOW_HELD) windows.set(window, count - 1)
    },
  }
  return { tikkie: tikkie as RateWindowCounter, calls, windows }
}

describe("DatabaseRateLimiter", () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it("gives no slot in the last SLOT_GUARD_MS of a second: the call waits into the next second", async () => {
    jest.setSystemTime(10_000 + 1000 - SLOT_GUARD_MS + 10)
    const { tikkie, calls } = counter(1)
    let granted = 0
    const acquired = new DatabaseRateLimiter(tikkie, "k", 5).acquire().then(() => (granted = Date.now()))
    await jest.advanceTimersByTimeAsync(500)
    await acquired
    expect(calls).toHaveLength(1)
    expect(calls[0]).toBeGreaterThanOrEqual(11_000)
    expect(Math.floor(granted / 1000)).toBe(11)
  })

  it("a slot whose count came back inside the guard is not used: the call counts again in the next second", async () => {
    jest.setSystemTime(20_000 + 1000 - SLOT_GUARD_MS - 20)
    const { tikkie, calls, windows } = counter(50)
    let granted = 0
    const acquired = new DatabaseRateLimiter(tikkie, "k", 5).acquire().then(() => (granted = Date.now()))
    await jest.advanceTimersByTimeAsync(1_000)
    await acquired
    expect(calls.map((t) => Math.floor(t / 1000))).toEqual([20, 21])
    expect(Math.floor(granted / 1000)).toBe(21)
    // The unused count is given back: each second counts the calls made in it, one in all.
    expect(Object.fromEntries(windows)).toEqual({ 20: 0, 21: 1 })
  })

  it("a burst at the very end of a second and another just after: no second at the receiver holds more than the limit", async () => {
    const { tikkie } = counter(3)
    const limiter = new DatabaseRateLimiter(tikkie, "k", 10)
    const arrivals: number[] = []
    // A granted call arrives at Tikkie 8 ms after its slot (a slow keep-alive request).
    const call = async () => {
      await limiter.acquire()
      await new Promise((r) => setTimeout(r, 8))
      arrivals.push(Date.now())
    }
    jest.setSystemTime(40_995)
    const first = Array.from({ length: 10 }, call)
    await jest.advanceTimersByTimeAsync(105) // 41.100
    const second = Array.from({ length: 10 }, call)
    await jest.advanceTimersByTimeAsync(3_000)
    await Promise.all([...first, ...second])
    const perSecond = new Map<number, number>()
    for (const t of arrivals) perSecond.set(Math.floor(t / 1000), (perSecond.get(Math.floor(t / 1000)) ?? 0) + 1)
    expect(arrivals).toHaveLength(20)
    expect(Object.fromEntries(perSecond)).toEqual({ 41: 10, 42: 10 })
  })

  it("after holdRestOfSecond (Tikkie answered 429) no instance gets a slot until the next second", async () => {
    jest.setSystemTime(30_200)
    const { tikkie } = counter(1)
    const limiter = new DatabaseRateLimiter(tikkie, "k", 5)
    const other = new DatabaseRateLimiter(tikkie, "k", 5)
    await limiter.holdRestOfSecond()
    let granted = 0
    const acquired = other.acquire().then(() => (granted = Date.now()))
    await jest.advanceTimersByTimeAsync(1_000)
    await acquired
    expect(Math.floor(granted / 1000)).toBe(31)
  })
})
