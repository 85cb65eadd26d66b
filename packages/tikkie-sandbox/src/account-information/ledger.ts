import { centsToAmount } from "tikkie-client/account-information/money"

/** One booking, money in integer cents; turned into the service's euro numbers only on the way out. */
export interface LedgerEntry {
  seq: number
  transactionId: string
  bookDate: string
  timestampMs: number
  amountCents: number
  balanceAfterCents: number
  mutationCode: string
  descriptionLines: string[]
  counterPartyName: string
  counterPartyAccountNumber: string
}

/** Where a page ended: the next page starts with the first booking older than this. */
export interface LedgerPosition {
  bookDate: string
  timestampMs: number
  seq: number
}

/** Orders bookings oldest first: book date, then time, then booking sequence. */
function compare(a: LedgerPosition, b: LedgerPosition): number {
  if (a.bookDate !== b.bookDate) return a.bookDate < b.bookDate ? -1 : 1
  if (a.timestampMs !== b.timestampMs) return a.timestampMs - b.timestampMs
  return a.seq - b.seq
}

/**
 * The bookings of one account, oldest first, with balanceAfterMutation kept consistent: a booking on an
 * earlier date (sandbox control) moves the balance of every later booking.
 */
export class Ledger {
  private readonly entries: LedgerEntry[]
  private nextSeq: number

  constructor(
    readonly accountNumber: string,
    readonly currency: string,
    readonly openingBalanceCents: number,
    /** The credit line the funds check adds to the balance. */
    readonly creditLineCents: number,
    entries: LedgerEntry[]
  ) {
    this.entries = [...entries].sort(compare)
    this.nextSeq = this.entries.reduce((m, e) => Math.max(m, e.seq), 0) + 1
    this.recomputeFrom(0)
  }

  get size(): number {
    return this.entries.length
  }

  /** Book balance: the balance after the latest booking, or the opening balance of an empty account. */
  get balanceCents(): number {
    return this.entries.length ? this.entries[this.entries.length - 1].balanceAfterCents : this.openingBalanceCents
  }

  book(input: Omit<LedgerEntry, "seq" | "balanceAfterCents">): LedgerEntry {
    const entry: LedgerEntry = { ...input, seq: this.nextSeq++, balanceAfterCents: 0 }
    let at = this.entries.length
    while (at > 0 && compare(this.entries[at - 1], entry) > 0) at--
    this.entries.splice(at, 0, entry)
    this.recomputeFrom(at)
    return entry
  }

  /**
   * Bookings with from <= bookDate <= to (both inclusive, either open), newest first, after `after`
   * when given.
   */
  newestFirst(filter: { from?: string; to?: string; after?: LedgerPosition }): LedgerEntry[] {
    const out: LedgerEntry[] = []
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const e = this.entries[i]
      if (filter.from !== undefined && e.bookDate < filter.from) break
      if (filter.to !== undefined && e.bookDate > filter.to) continue
      if (filter.after && compare(e, filter.after) >= 0) continue
      out.push(e)
    }
    return out
  }

  /** True when any booking falls on a date in [from, to]. */
  hasBookingsBetween(from: string, to: string): boolean {
    return this.entries.some((e) => e.bookDate >= from && e.bookDate <= to)
  }

  private recomputeFrom(index: number): void {
    let balance = index === 0 ? this.openingBalanceCents : this.entries[index - 1].balanceAfterCents
    for (let i = index; i < this.entries.length; i++) {
      balance += this.entries[i].amountCents
      this.entries[i].balanceAfterCents = balance
    }
  }
}

/** The service's JSON for one booking (account information specification, "Transaction", plus transactionTimestamp and status). */
export function transactionJson(e: LedgerEntry, currency: string) {
  return {
    transactionId: e.transactionId,
    mutationCode: e.mutationCode,
    descriptionLines: e.descriptionLines,
    bookDate: e.bookDate,
    balanceAfterMutation: centsToAmount(e.balanceAfterCents),
    counterPartyAccountNumber: e.counterPartyAccountNumber,
    counterPartyName: e.counterPartyName,
    amount: centsToAmount(e.amountCents),
    currency,
    transactionTimestamp: new Date(e.timestampMs).toISOString(),
    // Values are not shown anywhere; everything the ledger holds is booked.
    status: "BOOKED",
  }
}
