/**
 * How long paid money may stay without an order while the poll answers "retry" before it becomes a
 * problem for the admin: a day is about 1,400 tries, and a cause lasting that long needs a person.
 */
export const PAID_WITHOUT_ORDER_LIMIT_HOURS = 24

export function paidTooLongWithoutOrder(since: Date, now: Date): boolean {
  return now.getTime() - since.getTime() > PAID_WITHOUT_ORDER_LIMIT_HOURS * 3_600_000
}

export function paidWithoutOrderProblem(since: Date, now: Date, reason: string): string {
  const hours = Math.floor((now.getTime() - since.getTime()) / 3_600_000)
  return (
    `Paid at Tikkie ${hours} hours ago and still no order: the last try said "${reason.slice(0, 300)}". ` +
    "The poll has stopped retrying: make the order by hand or refund the payer."
  )
}
