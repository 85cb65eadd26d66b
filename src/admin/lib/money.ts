/**
 * Integer cents as money text ("€ 12.99", "-€ 5.00"), without going through a float: the plugin
 * keeps money in integer cents end to end.
 */
export function formatCents(cents: number | null | undefined, currency = "EUR"): string {
  if (cents === null || cents === undefined) return "—"
  const sign = cents < 0 ? "-" : ""
  const abs = Math.abs(cents)
  const units = Math.trunc(abs / 100).toLocaleString("en-US")
  const rest = String(abs % 100).padStart(2, "0")
  const symbol = currency.toUpperCase() === "EUR" ? "€ " : `${currency.toUpperCase()} `
  return `${sign}${symbol}${units}.${rest}`
}

/**
 * What an admin typed as euros ("12,50", "12.50", "12") as integer cents, read as text so no float is
 * involved; undefined when empty, NaN when it is not an amount with at most two decimals.
 */
export function eurosToCents(text: string): number | undefined {
  const t = text.trim().replace(",", ".")
  if (!t) return undefined
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return NaN
  const [whole, fraction = ""] = t.split(".")
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"))
}
