/**
 * Reads an amount a person typed on the payment page ("12,50", "12.5", "€ 12", "0,99") into integer
 * cents, with string arithmetic only (no floating point). Choices: comma or dot is the decimal separator
 * with at most two decimals; thousands separators are not accepted ("1.250" is refused rather than
 * guessed as either 1,25 or 1250 euro). Returns undefined for anything else.
 */
export function parseEuroAmount(input: string): number | undefined {
  const m = /^\s*(?:€\s*)?(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(input)
  if (!m) return undefined
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"))
}
