/**
 * Dates in the admin's language, written as Medusa's own admin writes them beside ours (date-fns "PP p"
 * in the admin's locale): Dutch "28 nov. 2026" and "28 nov. 2026 05:53", where Intl's Dutch leaves out the
 * month's dot ("28 nov 2026"); English "Nov 28, 2026, 5:53 AM" from Intl. A moment is shown in the browser's
 * time zone; a calendar day of Tikkie's ("2026-12-09": an expiry or book date, Amsterdam's day) as that
 * day, never shifted by a time zone.
 */
const DUTCH_MONTHS = ["jan.", "feb.", "mrt.", "apr.", "mei", "jun.", "jul.", "aug.", "sep.", "okt.", "nov.", "dec."]

const isDutch = (locale: string) => /^nl(?:$|[-_])/i.test(locale)

function dutch(d: Date, withTime: boolean, timeZone?: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("nl-NL", {
      year: "numeric",
      month: "numeric",
      day: "numeric",
      ...(withTime ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } : {}),
      ...(timeZone ? { timeZone } : {}),
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value])
  ) as Record<string, string>
  const day = `${Number(parts.day)} ${DUTCH_MONTHS[Number(parts.month) - 1]} ${parts.year}`
  return withTime ? `${day} ${parts.hour}:${parts.minute}` : day
}

export function formatDateTime(value: string | Date | null | undefined, locale = "en"): string {
  if (!value) return "—"
  const d = new Date(value)
  if (Number.isNaN(d.getTime())) return "—"
  if (isDutch(locale)) return dutch(d, true)
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(d)
}

export function formatDay(day: string | null | undefined, locale = "en"): string {
  if (!day) return "—"
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`)
  if (Number.isNaN(d.getTime())) return day
  if (isDutch(locale)) return dutch(d, false, "UTC")
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(d)
}
