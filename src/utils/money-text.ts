import { formatCents } from "tikkie-client/fast-checkout/money"

/** Cents as "€ 1.234,56" (nl) or "€1,234.56" (en); Intl formats the decimal string, so no float on the way. */
export function moneyText(cents: number, currencyCode: string, language: "nl" | "en"): string {
  const locale = language === "nl" ? "nl-NL" : "en-GB"
  return new Intl.NumberFormat(locale, { style: "currency", currency: currencyCode.toUpperCase() }).format(
    formatCents(cents) as `${number}`
  )
}
