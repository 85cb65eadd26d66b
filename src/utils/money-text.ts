import { formatCents } from "tikkie-client/fast-checkout/money"

/**
 * Integer cents as a reader of the language writes money, "€ 1.234,56" (Dutch) or "€1,234.56" (English),
 * for messages to admins and payers. Intl formats the exact decimal string ("1234.56", ES2023
 * Intl.NumberFormat v3): no float on the way.
 */
export function moneyText(cents: number, currencyCode: string, language: "nl" | "en"): string {
  const locale = language === "nl" ? "nl-NL" : "en-GB"
  return new Intl.NumberFormat(locale, { style: "currency", currency: currencyCode.toUpperCase() }).format(
    formatCents(cents) as `${number}`
  )
}
