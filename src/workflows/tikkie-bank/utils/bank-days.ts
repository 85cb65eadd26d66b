import { addDays, isBankDay } from "tikkie-client/account-information"

/** `n` bank days after `date`: Monday to Friday, public holidays unknown (a payout may be overdue a day early). */
export function addBankDays(date: string, n: number): string {
  let d = date
  for (let left = n; left > 0;) {
    d = addDays(d, 1)
    if (isBankDay(d)) left--
  }
  return d
}
