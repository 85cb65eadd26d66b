import { addDays, isBankDay } from "tikkie-client/account-information"

/**
 * `n` bank days after `date` (yyyy-mm-dd). Bank days are Monday to Friday: public holidays are not
 * known to the plugin, so a payout around a holiday may show as overdue a day early.
 */
export function addBankDays(date: string, n: number): string {
  let d = date
  for (let left = n; left > 0;) {
    d = addDays(d, 1)
    if (isBankDay(d)) left--
  }
  return d
}
