import fc from "fast-check"
import {
  centsToAmount,
  decimalToUnits,
  MAX_EXACT_CENTS,
  toCents,
  unitsToDecimalText,
} from "../../src/account-information"

describe("toCents: exact integer cents of the service's euro numbers", () => {
  it("reads amounts that floating-point arithmetic gets wrong", () => {
    expect(0.1 + 0.2).not.toBe(0.3)
    expect(toCents(0.1) + toCents(0.2)).toBe(30)
    expect(toCents(1.15)).toBe(115) // 1.15 * 100 === 114.99999999999999
    expect(toCents(4.35)).toBe(435) // 4.35 * 100 === 434.99999999999994
    expect(toCents(-12.34)).toBe(-1234)
    expect(toCents("261149.33")).toBe(26114933)
    expect(toCents("1.230")).toBe(123)
    expect(toCents(0)).toBe(0)
    expect(toCents(1e11)).toBe(10_000_000_000_000)
    expect(toCents("1e-2")).toBe(1)
  })

  it("refuses a value with more than 2 decimals instead of rounding it", () => {
    expect(() => toCents(0.1 + 0.2)).toThrow(RangeError)
    expect(() => toCents("12.345")).toThrow(RangeError)
    expect(() => toCents(Number.NaN)).toThrow(RangeError)
    expect(() => toCents("12,34")).toThrow(RangeError)
  })

  it("round-trips every amount of up to 15 digits of cents through the wire number (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_EXACT_CENTS, max: MAX_EXACT_CENTS }), (cents) => {
        const wire = JSON.parse(JSON.stringify({ amount: centsToAmount(cents) })).amount
        expect(toCents(wire)).toBe(cents)
      }),
      { numRuns: 2_000 }
    )
  })

  it("sums of amounts compared in cents are exact (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -10_000_000, max: 10_000_000 }), { maxLength: 50 }), (centsList) => {
        const total = centsList.map(centsToAmount).reduce((sum, amount) => sum + toCents(amount), 0)
        expect(total).toBe(centsList.reduce((a, b) => a + b, 0))
      })
    )
  })
})

describe("decimalToUnits: funds amounts with up to 3 decimals", () => {
  it("counts 12.345 as 3 decimals and exponent forms by their value", () => {
    expect(decimalToUnits(12.345, 3)).toBe(12345n)
    expect(decimalToUnits("0.001", 3)).toBe(1n)
    expect(decimalToUnits(1e-7, 3)).toBeUndefined()
    expect(decimalToUnits(1e21, 3)).toBe(10n ** 24n)
    expect(decimalToUnits("12.3450", 3)).toBe(12345n)
    expect(decimalToUnits("12.3456", 3)).toBeUndefined()
    expect(decimalToUnits("", 3)).toBeUndefined()
    expect(decimalToUnits(".", 3)).toBeUndefined()
  })

  it("writes units back as plain decimal text that reads as the same units (property)", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.integer({ min: 0, max: 6 }),
        (units, decimals) => {
          const text = unitsToDecimalText(units, decimals)
          expect(text).not.toMatch(/e/i)
          expect(decimalToUnits(text, decimals)).toBe(units)
        }
      )
    )
  })
})
