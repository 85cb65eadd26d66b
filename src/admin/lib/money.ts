import { formatCents as decimalText } from "tikkie-client/fast-checkout/money"

/**
 * Money in the admin: integer cents as text in the admin's language ("€ 2.392,16" in Dutch, "€2,392.16"
 * in English), and what an admin types back as integer cents. No float on the way: the plugin keeps money
 * in integer cents end to end, and Intl formats the exact decimal string ("2392.16").
 */
export function formatCents(cents: number | null | undefined, currency = "EUR", locale = "en"): string {
  if (cents === null || cents === undefined) return "—"
  const exact = decimalText(cents) as `${number}`
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: currency.toUpperCase(),
    currencyDisplay: "narrowSymbol",
  }).format(exact)
}

/**
 * What an admin typed as euros, as integer cents, read as text so no float is involved: undefined when
 * empty, NaN when it is not an amount of at most two decimals. The admin's language decides which mark
 * groups thousands: Dutch "1.234,56" and English "1,234.56" are both 123456 cents. A single other mark
 * followed by one or two digits is a decimal mark too ("12.50" in Dutch, "12,50" in English: what people
 * type); anything else ambiguous ("1.234" in English) is refused rather than guessed.
 */
export function eurosToCents(text: string, locale = "en"): number | undefined {
  const t = text.trim()
  if (!t) return undefined
  const dutch = /^nl\b/i.test(locale)
  const [group, decimal] = dutch ? [".", ","] : [",", "."]
  const esc = (c: string) => `\\${c}`
  const grouped = new RegExp(`^(\\d{1,3}(?:${esc(group)}\\d{3})+|\\d+)(?:${esc(decimal)}(\\d{1,2}))?$`)
  const otherDecimal = new RegExp(`^(\\d+)${esc(group)}(\\d{1,2})$`)
  const m = grouped.exec(t) ?? otherDecimal.exec(t)
  if (!m) return NaN
  const whole = m[1].split(group).join("")
  return Number(whole) * 100 + Number((m[2] ?? "").padEnd(2, "0"))
}
