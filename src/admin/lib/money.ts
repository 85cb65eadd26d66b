import { formatCents as decimalText } from "tikkie-client/fast-checkout/money"

/** Integer cents as text in the admin's language; Intl formats the exact decimal string, never a float. */
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
 * Typed euros as integer cents, parsed as text: undefined when empty, NaN when not an amount. The
 * language decides the thousands mark; a lone other mark before one or two digits is a decimal mark,
 * anything else ambiguous is refused rather than guessed.
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
