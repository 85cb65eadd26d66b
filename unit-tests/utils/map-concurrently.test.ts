import { mapConcurrently } from "../../src/utils/map-concurrently"

describe("mapConcurrently", () => {
  it("answers in the items' order with at most `concurrency` calls running", async () => {
    let running = 0
    let peak = 0
    const out = await mapConcurrently([5, 1, 4, 2, 3, 0, 6], 3, async (n) => {
      running++
      peak = Math.max(peak, running)
      await new Promise((r) => setTimeout(r, n))
      running--
      return n * 10
    })
    expect(out).toEqual([50, 10, 40, 20, 30, 0, 60])
    expect(peak).toBe(3)
  })

  it("passes the first failure on", async () => {
    await expect(
      mapConcurrently([1, 2, 3], 2, async (n) => (n === 2 ? Promise.reject(new Error("two")) : n))
    ).rejects.toThrow("two")
  })

  it("does nothing for no items and refuses a concurrency below 1", async () => {
    expect(await mapConcurrently([], 4, async () => 1)).toEqual([])
    await expect(mapConcurrently([1], 0, async () => 1)).rejects.toThrow(/at least 1/)
  })
})
