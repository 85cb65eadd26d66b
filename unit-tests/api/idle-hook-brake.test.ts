import { brakeIdleHookAnswer, IdleHookBrake } from "../../src/api/utils/idle-hook-brake"

describe("IdleHookBrake", () => {
  const brake = (now: { t: number }, freePerSecond = 3, maxHeld = 2) =>
    new IdleHookBrake({ freePerSecond: () => freePerSecond, holdMs: 1_000, maxHeld, now: () => now.t })

  it("answers the first freePerSecond idle answers of a second at once and holds the rest", () => {
    const now = { t: 10_000 }
    const b = brake(now)
    expect([b.holdFor(), b.holdFor(), b.holdFor(), b.holdFor(), b.holdFor()]).toEqual([0, 0, 0, 1_000, 1_000])
    now.t = 10_999
    expect(b.holdFor()).toBe(1_000)
    // A new second starts a new budget.
    now.t = 11_000
    expect([b.holdFor(), b.holdFor(), b.holdFor(), b.holdFor()]).toEqual([0, 0, 0, 1_000])
  })

  it("holds at most maxHeld answers at once; beyond that they are sent at once", async () => {
    jest.useFakeTimers()
    try {
      const now = { t: 0 }
      const b = brake(now, 1, 2)
      expect(b.holdFor()).toBe(0)
      const first = b.hold(b.holdFor())
      const second = b.hold(b.holdFor())
      expect(b.holdFor()).toBe(0)
      expect(b.totalHeld).toBe(2)
      jest.advanceTimersByTime(1_000)
      await Promise.all([first, second])
      expect(b.holdFor()).toBe(1_000)
    } finally {
      jest.useRealTimers()
    }
  })

  it("says once a minute in the log that a flood is being held back, not once per answer", async () => {
    jest.useFakeTimers()
    try {
      const lines: string[] = []
      const logger = { warn: (m: string) => lines.push(m) }
      const b = new IdleHookBrake({ freePerSecond: () => 1, holdMs: 5, maxHeld: 100, now: () => 0 })
      const answers = Array.from({ length: 20 }, () => brakeIdleHookAnswer(logger, b))
      jest.advanceTimersByTime(5)
      await Promise.all(answers)
      expect(b.totalHeld).toBe(19)
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(/a flood of webhooks that are not this store's; their answers are held 5 ms each/)
    } finally {
      jest.useRealTimers()
    }
  })
})
