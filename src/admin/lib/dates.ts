/**
 * Dates in the admin's language: a moment ("26 nov 2026, 05:53" in Dutch) in the browser's time zone, and
 * a calendar day of Tikkie's ("2026-12-09": an expiry or book date, Amsterdam's day) as that day, never
 * shifted by a time zone.
 */
export function formatDateTime(value: string | Date | null | undefined, locale = "en"): string {
  if (!value) return "—"
  const d = new Date(value)
  return Number.isNaN(d.getTime())
    ? "—"
    : new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(d)
}

export function formatDay(day: string | null | undefined, locale = "en"): string {
  if (!day) return "—"
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`)
  return Number.isNaN(d.getTime())
    ? day
    : new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(d)
}
