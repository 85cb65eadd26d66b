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
