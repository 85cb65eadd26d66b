import { CallHealthRecorder, callSignal, NOTE_EVERY_MS } from "../../../src/modules/tikkie/call-health"

/**
 * The health card's observer sits on every Tikkie call: it writes a mark when the state changes and
 * otherwise at most once every NOTE_EVERY_MS, never once per call.
 */
describe("call health recorder", () => {
  const writes: Array<{ sql: string; bindings: unknown[] }> = []
  const recorder = () =>
    new CallHealthRecorder(() => async (sql, bindings) => {
      writes.push({ sql, bindings })
      return []
    })
  const end = (status: number, code?: string) => ({ ok: status < 400, status, code, attempts: 1, durationMs: 3 })
  let now = 1_000_000
  beforeEach(() => {
    writes.length = 0
    jest.spyOn(Date, "now").mockImplementation(() => now)
  })
  afterEach(() => jest.restoreAllMocks())

  it("writes the first accepted call, then none for the next thousand within the interval", () => {
    const watch = recorder().observer("fast_checkout")
    for (let i = 0; i < 1_000; i++) watch.start({ operation: "fastCheckout.getOrder", method: "GET" })?.end?.(end(200))
    expect(writes).toHaveLength(1)
    expect(writes[0].bindings).toEqual(expect.arrayContaining(["fast_checkout"]))
    now += NOTE_EVERY_MS
    watch.start({ operation: "fastCheckout.getOrder", method: "GET" })?.end?.(end(200))
    expect(writes).toHaveLength(2)
  })

  it("writes a refusal at once, with its code, and the first accepted call after it", () => {
    const watch = recorder().observer("payment_requests_v2")
    const call = (e: ReturnType<typeof end>) => watch.start({ operation: "x", method: "POST" })?.end?.(e)
    call(end(200))
    call(end(401, "APP_TOKEN_DISABLED"))
    call(end(401, "APP_TOKEN_DISABLED"))
    call(end(201))
    expect(writes).toHaveLength(3)
    expect(writes[1].sql).toContain("refused_code")
    expect(writes[1].bindings).toEqual(expect.arrayContaining(["APP_TOKEN_DISABLED", 401]))
    expect(writes[2].sql).toContain("last_ok_at")
  })

  it("tells a refusal from no answer and from a business answer", () => {
    expect(callSignal({ ok: false, status: 401, code: "ERR_4100_005" })).toBe("refused")
    expect(callSignal({ ok: false, status: 403, code: "REFUND_FORBIDDEN" })).toBe("ok")
    expect(callSignal({ ok: false, status: 404, code: "ERR_4100_004" })).toBe("ok")
    expect(callSignal({ ok: false, status: 503 })).toBe("failed")
    expect(callSignal({ ok: false, code: "TIMEOUT" })).toBe("failed")
    expect(callSignal({ ok: false, code: "ACCESS_TOKEN_UNAVAILABLE" })).toBe("refused")
    expect(callSignal({ ok: false, status: 400, code: "invalid_grant" })).toBe("refused")
  })
})
