import { MathBN } from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"

/**
 * Medusa keeps amounts in major units as BigNumbers (`{value: "40", precision: 20}` or a BigNumber
 * instance), with more decimals than a cent. Tikkie wants whole cents. These are the only two places
 * where the two meet; no `Number()` on a Medusa amount anywhere else.
 */
export function toCents(amount: BigNumberInput): number {
  const cents = MathBN.mult(MathBN.convert(amount), 100).decimalPlaces(0, 4 /* ROUND_HALF_UP */)
  const n = cents.toNumber()
  if (!Number.isSafeInteger(n)) throw new RangeError(`amount ${cents.toString()} cents is out of range`)
  return n
}

/** Cents back to a Medusa amount (major units), exact: the division by 100 is done in decimal. */
export function fromCents(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`${cents} is not a whole number of cents`)
  return MathBN.div(cents, 100).toNumber()
}
