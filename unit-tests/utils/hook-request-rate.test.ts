import { noteHookRequest, recentHookRequests } from "../../src/utils/hook-request-rate"

/** The burst signal of the return route's inline-or-hand-over choice: hook requests of the last 0.5 to 1 s. */
describe("hook request rate", () => {
  it("counts this window's and the last one's requests, and forgets older ones", () => {
    const t0 = 1_000_000
    const before = recentHookRequests(t0)
    for (let i = 0; i < 5; i++) noteHookRequest(t0 + i)
    expect(recentHookRequests(t0 + 10)).toBe(before + 5)
    // Next window: the five still count, beside the new ones.
    for (let i = 0; i < 3; i++) noteHookRequest(t0 + 600)
    expect(recentHookRequests(t0 + 700)).toBeGreaterThanOrEqual(8)
    // Two windows on, only the newest three are left; after a quiet second, none.
    expect(recentHookRequests(t0 + 1_200)).toBe(3)
    expect(recentHookRequests(t0 + 2_500)).toBe(0)
  })
})
