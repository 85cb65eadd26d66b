import fc from "fast-check"
import { isDutchIban } from "../../src/core/dutch-iban"
import {
  addDays,
  amsterdamDate,
  endOfAmsterdamDay,
  startOfAmsterdamDay,
} from "../../src/payment-requests/v2/amsterdam-date"
import {
  descriptionCode,
  expiryDateCode,
  PAYMENT_REQUEST_MAX_AMOUNT_IN_CENTS,
  paymentRequestAmountCode,
  referenceIdCode,
  refundAmountCode,
  refundTooHigh,
} from "../../src/payment-requests/v2/rules"
import { euro } from "tikkie-sandbox/http-kit"
import { dutchAccountNumber } from "tikkie-sandbox/payment-requests-v2/account-number"
import { euroToCents } from "tikkie-sandbox/payment-requests-v2/euro-to-cents"

const REFERENCE_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!&'()+-./:?_`, ".split("")

describe("payment requests v2 validators (properties)", () => {
  it("referenceId: 1-35 characters of the allowed alphabet pass", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...REFERENCE_CHARS), { minLength: 1, maxLength: 35 }), (chars) => {
        expect(referenceIdCode(chars.join(""))).toBeUndefined()
      })
    )
  })

  it("referenceId: any character outside the alphabet, or more than 35 characters, is REFERENCE_ID_INVALID", () => {
    const outside = fc
      .integer({ min: 0, max: 0x10ffff })
      .map((cp) => String.fromCodePoint(cp))
      .filter((c) => !REFERENCE_CHARS.includes(c))
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...REFERENCE_CHARS), { maxLength: 30 }),
        outside,
        fc.nat(30),
        (chars, bad, at) => {
          const s = [...chars.slice(0, at), bad, ...chars.slice(at)].join("")
          expect(referenceIdCode(s)).toBe("REFERENCE_ID_INVALID")
        }
      )
    )
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...REFERENCE_CHARS), { minLength: 36, maxLength: 80 }), (chars) => {
        expect(referenceIdCode(chars.join(""))).toBe("REFERENCE_ID_INVALID")
      })
    )
  })

  it("description: a non-blank text passes up to 35 characters (code points) and is refused above", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-composite", minLength: 1, maxLength: 60 }), (s) => {
        const length = [...s].length
        const code = descriptionCode(s)
        if (s.trim() === "") expect(code).toBe("DESCRIPTION_MISSING")
        else if (length > 35) expect(code).toBe("DESCRIPTION_MAX_LENGTH_EXCEEDED")
        else expect(code).toBeUndefined()
      })
    )
  })

  it("amount: whole cents 1..999,999 pass; 0 and below, fractions and larger amounts are refused with their codes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: PAYMENT_REQUEST_MAX_AMOUNT_IN_CENTS }), (n) => {
        expect(paymentRequestAmountCode(n)).toBeUndefined()
        expect(refundAmountCode(n)).toBeUndefined()
      })
    )
    fc.assert(
      fc.property(fc.integer({ min: PAYMENT_REQUEST_MAX_AMOUNT_IN_CENTS + 1, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(paymentRequestAmountCode(n)).toBe("PAYMENT_REQUEST_MAX_AMOUNT_EXCEEDED")
      })
    )
    fc.assert(
      fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: 0 }), (n) => {
        expect(paymentRequestAmountCode(n)).toBe("AMOUNT_IN_CENTS_INVALID")
        expect(refundAmountCode(n)).toBe("AMOUNT_IN_CENTS_INVALID")
      })
    )
    fc.assert(
      fc.property(
        fc.double({ noNaN: false }).filter((d) => !Number.isInteger(d)),
        (d) => {
          expect(paymentRequestAmountCode(d)).toBe("AMOUNT_IN_CENTS_INVALID")
        }
      )
    )
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999 }), (n) => {
        expect(paymentRequestAmountCode(String(n))).toBe("AMOUNT_IN_CENTS_INVALID")
      })
    )
  })

  it("refund limit: allowed exactly when all refunds together stay within paid + 2,500 cents", () => {
    fc.assert(
      fc.property(
        fc.nat(1_000_000),
        fc.nat(1_100_000),
        fc.integer({ min: 1, max: 1_000_000 }),
        (paid, refunded, amount) => {
          expect(refundTooHigh(paid, refunded, amount)).toBe(refunded + amount > paid + 2_500)
        }
      )
    )
  })

  it("expiryDate: today and later (Amsterdam) pass, earlier dates are EXPIRY_DATE_NOT_ALLOWED", () => {
    const now = Date.UTC(2024, 2, 31, 0, 30) // 01:30 in Amsterdam, the night clocks go forward
    const today = amsterdamDate(now)
    fc.assert(
      fc.property(fc.integer({ min: -3_000, max: 3_000 }), (days) => {
        const date = addDays(today, days)
        expect(expiryDateCode(date, now)).toBe(days < 0 ? "EXPIRY_DATE_NOT_ALLOWED" : undefined)
      })
    )
  })

  it("expiryDate: anything that is not a real yyyy-mm-dd date is EXPIRY_DATE_INVALID", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 2999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (y, m, d) => {
          const date = `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`
          const real = new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d
          expect(expiryDateCode(date, Date.UTC(2000, 0, 1))).toBe(real ? undefined : "EXPIRY_DATE_INVALID")
        }
      )
    )
    for (const bad of ["2024-5-1", "01-05-2024", "2024/05/01", "2024-05-01T00:00:00Z", ""]) {
      expect(expiryDateCode(bad, Date.UTC(2000, 0, 1))).toBe("EXPIRY_DATE_INVALID")
    }
  })

  it("an Amsterdam day contains every instant whose Amsterdam date it is, across DST changes", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const date = amsterdamDate(ms)
        expect(startOfAmsterdamDay(date)).toBeLessThanOrEqual(ms)
        expect(endOfAmsterdamDay(date)).toBeGreaterThan(ms)
        const hours = (endOfAmsterdamDay(date) - startOfAmsterdamDay(date)) / 3_600_000
        expect([23, 24, 25]).toContain(hours)
      })
    )
  })
})

describe("euro-to-cents parser of the payment page (properties)", () => {
  it("reads 'E,CC', 'E.CC', 'E,C' and 'E' exactly, for every amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (cents) => {
        const e = Math.floor(cents / 100)
        const c = String(cents % 100).padStart(2, "0")
        expect(euroToCents(`${e},${c}`)).toBe(cents)
        expect(euroToCents(`${e}.${c}`)).toBe(cents)
        expect(euroToCents(` € ${e},${c} `)).toBe(cents)
        if (c.endsWith("0")) expect(euroToCents(`${e},${c[0]}`)).toBe(cents)
        if (c === "00") expect(euroToCents(String(e))).toBe(cents)
      })
    )
  })

  it("reads back what euro() shows", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (cents) => {
        expect(euroToCents(euro(cents))).toBe(cents)
      })
    )
  })

  it("refuses negative amounts, three decimals, thousands separators and text", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999_999 }), fc.integer({ min: 0, max: 999 }), (e, frac) => {
        expect(euroToCents(`-${e},50`)).toBeUndefined()
        expect(euroToCents(`${e},${String(frac).padStart(3, "0")}`)).toBeUndefined()
        expect(euroToCents(`1.${String(frac).padStart(3, "0")},00`)).toBeUndefined()
      })
    )
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => /[^\d\s.,€]/.test(s)),
        (s) => {
          expect(euroToCents(s)).toBeUndefined()
        }
      )
    )
    for (const bad of ["", " ", ",50", "12,", "12,,50", "12 50", "1e3", "0x10", "12345678,00"]) {
      expect(euroToCents(bad)).toBeUndefined()
    }
  })
})

describe("generated counterparty accounts", () => {
  it("are valid Dutch IBANs", () => {
    for (let i = 0; i < 500; i++) {
      const iban = dutchAccountNumber()
      expect(isDutchIban(iban)).toBe(true)
    }
  })
})
