import { RequestLog, type LoggedRequest } from "../src/request-log"

function entry(n: number, operation = "fastCheckout.getOrder"): LoggedRequest {
  return {
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, n)).toISOString(),
    method: "GET",
    path: `/p/${n}`,
    operation,
    status: 200,
    traceId: `t${n}`,
    durationMs: 0.1,
  }
}

describe("sandbox request log", () => {
  it("keeps the last `capacity` requests, oldest first, however often it wrapped", () => {
    const log = new RequestLog(5)
    for (let n = 1; n <= 13; n++) log.record(entry(n), 0)
    expect(log.list().map((e) => e.traceId)).toEqual(["t9", "t10", "t11", "t12", "t13"])
    log.record(entry(14), 0)
    expect(log.list().map((e) => e.traceId)).toEqual(["t10", "t11", "t12", "t13", "t14"])
  })

  it("filters by operation, since and limit on the ordered entries", () => {
    const log = new RequestLog(4)
    for (let n = 1; n <= 6; n++) log.record(entry(n, n % 2 ? "a" : "b"), 0)
    // Held: 3 (a), 4 (b), 5 (a), 6 (b)
    expect(log.list({ operation: "a" }).map((e) => e.traceId)).toEqual(["t3", "t5"])
    expect(log.list({ since: entry(4).at }).map((e) => e.traceId)).toEqual(["t5", "t6"])
    expect(log.list({ limit: 3 }).map((e) => e.traceId)).toEqual(["t4", "t5", "t6"])
  })

  it("hands out a copy, so a caller cannot change the log", () => {
    const log = new RequestLog(3)
    log.record(entry(1), 0)
    log.list().pop()
    expect(log.list()).toHaveLength(1)
  })

  it("starts empty again after clear, and counts calls per second per operation", () => {
    const log = new RequestLog(3)
    for (let n = 1; n <= 5; n++) log.record(entry(n), 1_000 + n) // all within second 1
    log.record(entry(6), 2_500)
    expect(log.maxPerSecond()).toEqual({ "fastCheckout.getOrder": 5 })
    log.clear()
    expect(log.list()).toEqual([])
    log.record(entry(7), 3_000)
    expect(log.list().map((e) => e.traceId)).toEqual(["t7"])
    expect(log.maxPerSecond()).toEqual({ "fastCheckout.getOrder": 1 })
  })
})
