/**
 * How long money paid at Tikkie may stay without a Medusa order while the poll keeps answering "retry"
 * (Tikkie unreachable or refusing the credentials, the cart locked, the store's database busy) before it
 * becomes a recorded problem that the admin sees and the poll stops retrying. A settlement is seconds of
 * work and the poll runs every minute, so a day is about 1,400 tries: a cause that lasts that long needs a
 * person (rotated credentials, a cart changed by hand). Until then it is polled every minute whatever its
 * expiry (a paid order or link never ages out of the poll) and listed in the admin as "paid, no order yet".
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
