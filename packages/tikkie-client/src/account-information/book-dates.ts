/**
 * Calendar arithmetic on book dates (`yyyy-mm-dd`). The service is Dutch and so is its notion of
 * "today": every comparison with the current date uses the calendar date in Europe/Amsterdam, so a
 * store running in UTC does not refuse today's bookings between 00:00 and 01:00 (02:00 in summer).
 */

const AMSTERDAM_DATE = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Amsterdam",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
})

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/

/** The calendar date in Amsterdam at the instant `epochMs`. */
export function amsterdamDate(epochMs: number): string {
  // en-CA formats as yyyy-mm-dd.
  return AMSTERDAM_DATE.format(new Date(epochMs))
}

/** True for `yyyy-mm-dd` text that names a real calendar day (not 2024-02-30). */
export function isBookDate(text: string): boolean {
  const m = SHAPE.exec(text)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  return y >= 1 && mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo)
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** Adds (or with a negative n, subtracts) whole days. */
export function addDays(date: string, n: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + n * 86_400_000
  return new Date(t).toISOString().slice(0, 10)
}

/** Monday to Friday. Public holidays are not modelled: the sandbox books on them like on any weekday. */
export function isBankDay(date: string): boolean {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay()
  return day !== 0 && day !== 6
}

/**
 * Calendar months back, clamped to the end of a shorter month: 2025-08-31 minus 6 months is
 * 2025-02-28, not 2025-03-03 (which JavaScript's Date.setMonth would give).
 */
export function subtractMonths(date: string, months: number): string {
  const m = SHAPE.exec(date)
  if (!m) throw new RangeError(`not a yyyy-mm-dd date: ${date}`)
  const total = Number(m[1]) * 12 + (Number(m[2]) - 1) - months
  const year = Math.floor(total / 12)
  const month = (total % 12) + 1
  const day = Math.min(Number(m[3]), daysInMonth(year, month))
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`
}

export const MAX_HISTORY_MONTHS = 18

/**
 * The earliest bookDateFrom the service accepts on `today` (an Amsterdam date).
 *
 * Choice (the document says only "18 months in the past"): the same day of the month 18 calendar
 * months before today, clamped to the last day of that month when it is shorter. That day itself is
 * allowed; the day before it is refused with MESSAGE_BAI560_0029. So on 2026-11-21 the earliest is
 * 2025-05-21, and on 2025-08-31 it is 2024-02-29.
 */
export function earliestBookDateFrom(today: string): string {
  return subtractMonths(today, MAX_HISTORY_MONTHS)
}
