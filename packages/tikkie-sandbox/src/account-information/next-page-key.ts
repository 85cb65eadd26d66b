import { z } from "zod"
import type { LedgerPosition } from "./ledger"

/**
 * nextPageKey: opaque to callers; inside, the account, the date filters it was issued for and the
 * position where the page ended. A position, not an offset, so a booking made while a caller pages
 * neither repeats nor skips a transaction.
 */
export interface PageKey {
  accountNumber: string
  bookDateFrom: string
  /** null when bookDateTo was omitted. */
  bookDateTo: string | null
  after: LedgerPosition
}

const PageKeySchema = z.strictObject({
  a: z.string(),
  f: z.string(),
  t: z.string().nullable(),
  d: z.string(),
  ms: z.number().int(),
  s: z.number().int(),
})

export function encodePageKey(k: PageKey): string {
  const raw = {
    a: k.accountNumber,
    f: k.bookDateFrom,
    t: k.bookDateTo,
    d: k.after.bookDate,
    ms: k.after.timestampMs,
    s: k.after.seq,
  }
  return Buffer.from(JSON.stringify(raw)).toString("base64url")
}

export function decodePageKey(text: string): PageKey | undefined {
  try {
    const parsed = PageKeySchema.safeParse(JSON.parse(Buffer.from(text, "base64url").toString("utf8")))
    if (!parsed.success) return undefined
    const r = parsed.data
    return {
      accountNumber: r.a,
      bookDateFrom: r.f,
      bookDateTo: r.t,
      after: { bookDate: r.d, timestampMs: r.ms, seq: r.s },
    }
  } catch {
    return undefined
  }
}
