import { formatDateTime, formatDay } from "./dates"
import { eurosToCents, formatCents } from "./money"
import { useTikkieT } from "./use-tikkie-t"

/** Money and dates as the admin reads them: in the language of Medusa's admin (its profile setting). */
export function useFormat() {
  const { language } = useTikkieT()
  return {
    money: (cents: number | null | undefined, currency = "EUR") => formatCents(cents, currency, language),
    dateTime: (value: string | Date | null | undefined) => formatDateTime(value, language),
    day: (day: string | null | undefined) => formatDay(day, language),
    euros: (text: string) => eurosToCents(text, language),
  }
}
