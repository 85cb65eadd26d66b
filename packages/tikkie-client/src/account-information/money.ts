/**
 * Exact conversions between the euro numbers of the account information service (`amount: 12.34`,
 * funds checks with up to 3 decimals) and integers. Everything goes through the decimal text, never
 * through multiplication, so 0.1 + 0.2 style errors cannot creep into a comparison: a number is first
 * written as the shortest decimal that reads back as the same double (what JSON and `String()` give),
 * then its digits are shifted.
 */

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i

/**
 * The value in units of 10^-decimals as a bigint (`decimalToUnits("12.345", 3) === 12345n`), or
 * undefined when the value is not a finite decimal or has more significant decimals than allowed
 * (trailing zeros do not count: "1.230" has 2).
 */
export function decimalToUnits(value: number | string, decimals: number): bigint | undefined {
  if (typeof value === "number" && !Number.isFinite(value)) return undefined
  const text = typeof value === "number" ? String(value) : value.trim()
  const m = DECIMAL.exec(text)
  if (!m) return undefined
  const [, sign, intPart = "", fracPart = "", exp = "0"] = m
  if (intPart === "" && fracPart === "") return undefined
  const exponent = Number(exp)
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 400) return undefined
  // All digits as one integer with the decimal point `scale` places from the right.
  let digits = (intPart + fracPart).replace(/^0+(?=\d)/, "")
  let scale = fracPart.length - exponent
  // Drop trailing zeros behind the point; they do not make a value more precise.
  while (scale > 0 && digits.length > 1 && digits.endsWith("0")) {
    digits = digits.slice(0, -1)
    scale--
  }
  if (/^0*$/.test(digits)) return 0n
  if (scale > decimals) return undefined
  const units = BigInt(digits) * 10n ** BigInt(decimals - scale)
  return sign === "-" ? -units : units
}

/** Units of 10^-decimals back to plain decimal text ("-0.05", "12.345"), never in exponent form. */
export function unitsToDecimalText(units: bigint, decimals: number): string {
  const negative = units < 0n
  const abs = (negative ? -units : units).toString().padStart(decimals + 1, "0")
  const int = abs.slice(0, abs.length - decimals)
  const frac = decimals > 0 ? abs.slice(abs.length - decimals).replace(/0+$/, "") : ""
  return `${negative ? "-" : ""}${int}${frac ? `.${frac}` : ""}`
}

/**
 * Exact integer cents of a euro amount as the service sends it (number or numeric string).
 * Throws a RangeError for a value with more than 2 decimals or outside the safe integer range:
 * such a value is not an amount of money on an account, and rounding it silently would hide the fault.
 */
export function toCents(amount: number | string): number {
  const units = decimalToUnits(amount, 2)
  if (units === undefined) throw new RangeError(`not an amount with at most 2 decimals: ${String(amount)}`)
  const cents = Number(units)
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amount out of range: ${String(amount)}`)
  return cents
}

/**
 * The euro number for integer cents, as the service writes it. Dividing an integer by 100 is one
 * correctly rounded IEEE operation, so the result is the double nearest to the decimal value and
 * prints as that decimal: `toCents(centsToAmount(c)) === c` for every |c| < 10^15 (a double holds 15
 * significant decimal digits exactly; beyond that two amounts a cent apart can share one double).
 */
export const MAX_EXACT_CENTS = 10 ** 15 - 1

export function centsToAmount(cents: number): number {
  if (!Number.isInteger(cents) || Math.abs(cents) > MAX_EXACT_CENTS) {
    throw new RangeError(`cents must be an integer of at most 15 digits: ${cents}`)
  }
  return cents / 100
}
