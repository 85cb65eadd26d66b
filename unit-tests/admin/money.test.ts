import { formatDateTime, formatDay } from "../../src/admin/lib/dates"
import { eurosToCents, formatCents } from "../../src/admin/lib/money"

/** Intl writes a no-break space between symbol and amount in Dutch; compare as a reader sees it. */
const seen = (text: string) => text.replace(/[\u00a0\u202f]/g, " ")

describe("admin money text", () => {
  it("shows integer cents exactly in the admin's language: Dutch groups with '.' and decimals with ','", () => {
    expect(seen(formatCents(239216, "EUR", "nl"))).toBe("€ 2.392,16")
    expect(seen(formatCents(2080, "eur", "nl"))).toBe("€ 20,80")
    expect(seen(formatCents(-758, "EUR", "nl"))).toBe("€ -7,58")
    expect(formatCents(239216, "EUR", "en")).toBe("€2,392.16")
    expect(formatCents(5)).toBe("€0.05")
    expect(formatCents(-758)).toBe("-€7.58")
    // The largest exact integer of cents, 16 digits: as euros in a float (cents / 100) it would round; the
    // decimal string Intl formats does not.
    expect(seen(formatCents(Number.MAX_SAFE_INTEGER, "EUR", "nl"))).toBe("€ 90.071.992.547.409,91")
    expect(formatCents(1015, "usd")).toBe("$10.15")
    expect(formatCents(null)).toBe("—")
  })

  it("reads what a Dutch admin types as integer cents, without a float", () => {
    const nl = (t: string) => eurosToCents(t, "nl")
    expect(nl("1.234,56")).toBe(123456)
    expect(nl("1234,56")).toBe(123456)
    expect(nl("12,5")).toBe(1250)
    expect(nl("12.50")).toBe(1250)
    expect(nl("1.234")).toBe(123400)
    expect(nl("1.000.000")).toBe(100000000)
    expect(nl(" 0,07 ")).toBe(7)
    expect(nl("")).toBeUndefined()
    for (const wrong of ["1,234.56", "1.23.4", "12,505", "-5", "1e3", "€5", "12,50 EUR"])
      expect([wrong, nl(wrong)]).toEqual([wrong, NaN])
  })

  it("reads what an English admin types, and refuses what it cannot tell", () => {
    const en = (t: string) => eurosToCents(t, "en")
    expect(en("1,234.56")).toBe(123456)
    expect(en("12.5")).toBe(1250)
    expect(en("12,50")).toBe(1250)
    expect(en("1,234")).toBe(123400)
    expect(en("1015")).toBe(101500)
    expect(eurosToCents("10.15")).toBe(1015)
    for (const wrong of ["1.234", "1.234,56", "12.505"]) expect([wrong, en(wrong)]).toEqual([wrong, NaN])
  })
})

describe("admin dates", () => {
  it("a calendar day of Tikkie's stays that day in any time zone, in the admin's language", () => {
    // As Medusa's own admin writes it (date-fns "PP" in Dutch): the month with its dot, "mei" without.
    expect(formatDay("2026-12-09", "nl")).toBe("9 dec. 2026")
    expect(formatDay("2026-05-03", "nl")).toBe("3 mei 2026")
    expect(formatDay("2026-03-31", "nl-NL")).toBe("31 mrt. 2026")
    expect(formatDay("2026-12-09", "en")).toBe("Dec 9, 2026")
    expect(formatDay(null)).toBe("—")
    expect(formatDay("not a day")).toBe("not a day")
  })

  it("a moment as date and time in the admin's language", () => {
    expect(formatDateTime("2026-11-25T23:08:14Z", "nl")).toMatch(/^\d{1,2} nov\. 2026 \d{2}:\d{2}$/)
    // Medusa's admin ("PP p" in Dutch, date-fns) beside it reads the same.
    const at = new Date(2026, 10, 28, 5, 53)
    expect(formatDateTime(at, "nl")).toBe("28 nov. 2026 05:53")
    expect(formatDateTime("2026-11-25T23:08:14Z", "en")).toMatch(/^Nov \d{1,2}, 2026, \d{1,2}:\d{2}\s(AM|PM)$/)
    expect(formatDateTime(undefined)).toBe("—")
  })
})
