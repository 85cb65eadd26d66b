import type { ListPaymentRequestsQuery } from "tikkie-client/payment-requests/v2/schemas"

/**
 * One page of `oldestFirst`, newest first, filtered on creation time: fromDateTime inclusive,
 * toDateTime exclusive. pageNumber counts from 0 (as on the live service); a page past the end is
 * empty, with the true totalElementCount.
 */
export function page<T extends { createdAt: number }>(
  oldestFirst: readonly T[],
  q: ListPaymentRequestsQuery
): { items: T[]; totalElementCount: number } {
  const from = q.fromDateTime ? Date.parse(q.fromDateTime) : -Infinity
  const to = q.toDateTime ? Date.parse(q.toDateTime) : Infinity
  const matching: T[] = []
  for (let i = oldestFirst.length - 1; i >= 0; i--) {
    const x = oldestFirst[i]
    if (x.createdAt >= from && x.createdAt < to) matching.push(x)
  }
  const start = q.pageNumber * q.pageSize
  return { items: matching.slice(start, start + q.pageSize), totalElementCount: matching.length }
}
