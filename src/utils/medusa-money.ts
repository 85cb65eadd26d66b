import { MathBN } from "@medusajs/framework/utils"
import type { BigNumberInput } from "@medusajs/framework/types"

/** A Medusa amount (major units, a BigNumber) as Tikkie's whole cents: with fromCents, the only crossing. */
export function toCents(amount: BigNumberInput): number {
  const cents = MathBN.mult(MathBN.convert(amount), 100).decimalPlaces(0, 4 /* ROUND_HALF_UP */)
  const n = cents.toNumber()
  if (!Number.isSafeInteger(n)) throw new RangeError(`amount ${cents.toString()} cents is out of range`)
  return n
}

export function fromCents(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`${cents} is not a whole number of cents`)
  return MathBN.div(cents, 100).toNumber()
}
