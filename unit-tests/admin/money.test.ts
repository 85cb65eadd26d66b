import { formatCents } from "../../src/admin/lib/money"

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
})
