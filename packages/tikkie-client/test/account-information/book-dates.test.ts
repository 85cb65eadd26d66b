import fc from "fast-check"
import {
  addDays,
  amsterdamDate,
  earliestBookDateFrom,
  isBankDay,
  isBookDate,
  subtractMonths,
} from "../../src/account-information"

describe("book dates", () => {
  it("takes 'today' in Amsterdam, not in UTC", () => {
    // 23:30 UTC on 31 December is already New Year in Amsterdam (UTC+1 in winter).
    expect(amsterdamDate(Date.parse("2025-12-31T23:30:00Z"))).toBe("2026-01-01")
    expect(amsterdamDate(Date.parse("2025-12-31T22:59:59Z"))).toBe("2025-12-31")
    // Summer time: UTC+2.
    expect(amsterdamDate(Date.parse("2026-06-30T22:00:00Z"))).toBe("2026-07-01")
    expect(amsterdamDate(Date.parse("2026-06-30T21:59:59Z"))).toBe("2026-06-30")
  })

  it("knows real calendar days only", () => {
    expect(isBookDate("2024-02-29")).toBe(true)
    expect(isBookDate("2025-02-29")).toBe(false)
    expect(isBookDate("2024-13-01")).toBe(false)
    expect(isBookDate("2024-1-01")).toBe(false)
    expect(isBookDate("01-02-2024")).toBe(false)
    expect(isBookDate("2024-01-01T00:00:00Z")).toBe(false)
  })

  it("18 months back is the same day of the month, clamped to a shorter month's end", () => {
    expect(earliestBookDateFrom("2026-11-21")).toBe("2025-05-21")
    expect(earliestBookDateFrom("2025-08-31")).toBe("2024-02-29") // leap year
    expect(earliestBookDateFrom("2026-08-31")).toBe("2025-02-28")
    expect(earliestBookDateFrom("2026-01-15")).toBe("2024-07-15")
    expect(subtractMonths("2026-03-31", 1)).toBe("2026-02-28")
  })

  it("earliest date is always a real date 545 to 551 days back (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const today = new Date(ms).toISOString().slice(0, 10)
        const earliest = earliestBookDateFrom(today)
        expect(isBookDate(earliest)).toBe(true)
        const days = (Date.parse(today) - Date.parse(earliest)) / 86_400_000
        expect(days).toBeGreaterThanOrEqual(545)
        expect(days).toBeLessThanOrEqual(551)
      })
    )
  })

  it("counts Monday to Friday as bank days", () => {
    expect(isBankDay("2026-11-20")).toBe(true) // Friday
    expect(isBankDay("2026-11-21")).toBe(false) // Saturday
    expect(isBankDay("2026-11-22")).toBe(false) // Sunday
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29")
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29")
  })
})
