/**
 * Calendar dates as a Dutch merchant and payer see them. `expiryDate` is a date without a time, so
 * "in the past" and "expired" need a time zone: the service is Dutch, so every date rule of payment
 * requests v2 is read in Europe/Amsterdam (CET/CEST), never in the server's own zone.
 */
const AMSTERDAM = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Amsterdam",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
})

const DAY_MS = 86_400_000

function parts(ms: number): { date: string; time: string } {
  const p = Object.fromEntries(AMSTERDAM.formatToParts(new Date(ms)).map((x) => [x.type, x.value]))
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` }
}

/** The Amsterdam calendar date (yyyy-mm-dd) at instant `ms`. */
export function amsterdamDate(ms: number): string {
  return parts(ms).date
}

/** True for a yyyy-mm-dd string that names a real calendar date (no 2023-02-29, no 2024-13-01). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false
  const t = new Date(Date.UTC(y, mo - 1, d))
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d
}

/** `date` plus `days` calendar days (dates only: no time zone or DST involved). */
export function addDays(date: string, days: number): string {
  const [y, mo, d] = date.split("-").map(Number)
  const t = new Date(Date.UTC(y, mo - 1, d) + days * DAY_MS)
  return t.toISOString().slice(0, 10)
}

/** The instant Amsterdam's clocks show 00:00 on `date` (CET is UTC+1, CEST UTC+2; midnight always exists). */
export function startOfAmsterdamDay(date: string): number {
  const [y, mo, d] = date.split("-").map(Number)
  const utcMidnight = Date.UTC(y, mo - 1, d)
  for (const offsetHours of [1, 2]) {
    const candidate = utcMidnight - offsetHours * 3_600_000
    const p = parts(candidate)
    if (p.date === date && p.time === "00:00") return candidate
  }
  // Not reached for Europe/Amsterdam since 1942; keep a sane answer for far-off dates.
  return utcMidnight - 3_600_000
}

/** The first instant after `date` in Amsterdam: a request with this expiryDate can be paid until then. */
export function endOfAmsterdamDay(date: string): number {
  return startOfAmsterdamDay(addDays(date, 1))
}
