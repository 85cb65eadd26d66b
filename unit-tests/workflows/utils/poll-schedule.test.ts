import { nextCheckAt, POLL_MAX_INTERVAL_MS, POLL_MIN_INTERVAL_MS } from "../../../src/workflows/utils/poll-schedule"

const MIN = 60_000
const now = Date.parse("2026-11-23T12:00:00Z")
const madeAgo = (ms: number) => new Date(now - ms)
const waitOf = (record: { created_at: Date; expires_at?: Date }) => nextCheckAt(record, now).getTime() - now

describe("when the poll reads an unpaid record again", () => {
  it("waits longer the longer nobody came back: a third of its age, between one minute and half an hour", () => {
    expect(waitOf({ created_at: madeAgo(2 * MIN) })).toBe(POLL_MIN_INTERVAL_MS)
    expect(waitOf({ created_at: madeAgo(30 * MIN) })).toBe(10 * MIN)
    expect(waitOf({ created_at: madeAgo(24 * 60 * MIN) })).toBe(POLL_MAX_INTERVAL_MS)
  })

  it("reads it once just after it expires, so its session is closed soon", () => {
    expect(waitOf({ created_at: madeAgo(60 * MIN), expires_at: new Date(now + 2 * MIN) })).toBe(2 * MIN + 5_000)
    // Long expired and still NEW at Tikkie: the age decides.
    expect(waitOf({ created_at: madeAgo(60 * MIN), expires_at: new Date(now - 10 * MIN) })).toBe(20 * MIN)
  })
})
