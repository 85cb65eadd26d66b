/**
 * What a payer types into the open-amount field, to cents, exactly and without floating point.
 * Accepted: "12", "12,5", "12,50", "12.50", an optional leading "€", surrounding spaces; at most 7
 * digits of euros and 2 of cents. Refused (undefined): empty, negative, a separator without digits
 * on both sides ("12,", ",50"), three decimals, and thousands separators ("1.250,00"): "1.250" could
 * mean 1,250 or 1.25 euro, and a payer must never pay a thousand times too much.
 */
export function euroToCents(input: string): number | undefined {
  const m = /^\s*(?:€\s*)?(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(input)
  if (!m) return undefined
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"))
}
