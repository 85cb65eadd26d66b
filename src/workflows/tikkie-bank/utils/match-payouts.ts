import type { UnmatchedCredit, UnmatchedPayout } from "../../../modules/tikkie-bank/service"
import { addBankDays } from "./bank-days"
import { readPayoutReferences } from "./payout-reference"

export interface PayoutMatch {
  payoutId: string
  transactionId: string
  matchedBy: "reference" | "amount_date"
}

/**
 * Pairs credits with expected payouts, each once and deterministically: by reference (differing amounts show
 * as mismatch), then credits with no reference at all by amount, paid at most `windowBankDays` before, oldest first.
 */
export function matchPayouts(
  payouts: UnmatchedPayout[],
  credits: UnmatchedCredit[],
  windowBankDays: number
): PayoutMatch[] {
  const matches: PayoutMatch[] = []
  const used = new Set<string>()
  const byReference = new Map<string, UnmatchedPayout>()
  for (const p of payouts) byReference.set(`${p.source}:${p.reference.toLowerCase()}`, p)

  const ordered = [...credits].sort((a, b) =>
    a.bookDate === b.bookDate ? (a.transactionId < b.transactionId ? -1 : 1) : a.bookDate < b.bookDate ? -1 : 1
  )
  const withoutReference: UnmatchedCredit[] = []
  for (const c of ordered) {
    const refs = readPayoutReferences(c.descriptionLines)
    if (!refs.length) {
      withoutReference.push(c)
      continue
    }
    for (const r of refs) {
      const p = byReference.get(`${r.source}:${r.reference}`)
      if (p && !used.has(p.id) && p.currency === c.currency) {
        used.add(p.id)
        matches.push({ payoutId: p.id, transactionId: c.transactionId, matchedBy: "reference" })
        break
      }
    }
  }

  // Buckets of same currency and amount, oldest payment first; a cursor skips payments whose window
  // has closed for good (credits come in date order, so it only moves forward).
  const buckets = new Map<string, { list: Array<UnmatchedPayout & { until: string }>; cursor: number }>()
  const sortedPayouts = payouts
    .filter((p) => !used.has(p.id))
    .sort((a, b) => (a.paidDate === b.paidDate ? (a.id < b.id ? -1 : 1) : a.paidDate < b.paidDate ? -1 : 1))
  for (const p of sortedPayouts) {
    const key = `${p.currency}:${p.amountInCents}`
    let b = buckets.get(key)
    if (!b) buckets.set(key, (b = { list: [], cursor: 0 }))
    b.list.push({ ...p, until: addBankDaysCached(p.paidDate, windowBankDays) })
  }
  for (const c of withoutReference) {
    const b = buckets.get(`${c.currency}:${c.amountInCents}`)
    if (!b) continue
    while (b.cursor < b.list.length && (used.has(b.list[b.cursor].id) || b.list[b.cursor].until < c.bookDate))
      b.cursor++
    for (let i = b.cursor; i < b.list.length; i++) {
      const p = b.list[i]
      if (p.paidDate > c.bookDate) break
      if (used.has(p.id) || p.until < c.bookDate) continue
      used.add(p.id)
      matches.push({ payoutId: p.id, transactionId: c.transactionId, matchedBy: "amount_date" })
      break
    }
  }
  return matches
}

const bankDayCache = new Map<string, string>()
function addBankDaysCached(date: string, n: number): string {
  const key = `${date}+${n}`
  let v = bankDayCache.get(key)
  if (v === undefined) {
    v = addBankDays(date, n)
    if (bankDayCache.size > 10_000) bankDayCache.clear()
    bankDayCache.set(key, v)
  }
  return v
}
