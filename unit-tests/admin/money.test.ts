import { eurosToCents, formatCents } from "../../src/admin/lib/money"

describe("admin money text", () => {
  it("shows integer cents exactly, with sign, thousands and currency", () => {
    expect(formatCents(2533)).toBe("€ 25.33")
    expect(formatCents(-758)).toBe("-€ 7.58")
    expect(formatCents(5)).toBe("€ 0.05")
    expect(formatCents(123456789)).toBe("€ 1,234,567.89")
    // 0.1 + 0.2 style float trouble cannot happen: 1015 cents is never 10.149999.
    expect(formatCents(1015, "usd")).toBe("USD 10.15")
    expect(formatCents(null)).toBe("—")
  })

  it("reads the euros an admin types as integer cents, without a float", () => {
    expect(eurosToCents("12,50")).toBe(1250)
    expect(eurosToCents("12.5")).toBe(1250)
    expect(eurosToCents(" 0.07 ")).toBe(7)
    expect(eurosToCents("1015")).toBe(101500)
    expect(eurosToCents("10.15")).toBe(1015)
    expect(eurosToCents("")).toBeUndefined()
    for (const wrong of ["1.234", "12,50 EUR", "-5", "1e3", "€5"]) expect(eurosToCents(wrong)).toBeNaN()
  })
})
