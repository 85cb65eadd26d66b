import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { StoredTransactionInput } from "../../modules/tikkie-bank/service"
import { AIS_CODES, amsterdamDate, earliestBookDateFrom, subtractMonths, toCents } from "../../tikkie/account-information"
import { TikkieError } from "../../tikkie/core/errors"
import { missingScopeError } from "../../lib/tikkie-bank/bank-errors"
import { addBankDays } from "../../lib/tikkie-bank/bank-days"
import { bankModule, requireBankOptions, withBankAccount } from "../../lib/tikkie-bank/bank-session"
import { EXPECTED_PAYOUT_SOURCES, type ExpectedPayoutSource } from "../../lib/tikkie-bank/expected-payouts"
import { matchPayouts } from "../../lib/tikkie-bank/match-payouts"
import { matchRefundsOwedInBank } from "../../lib/tikkie-bank/match-refunds-owed"
import { BANK_SCOPES } from "../../lib/tikkie-bank/scopes"

const RECONCILE_LOCK = "tikkie:bank:reconcile"
const STORE_BATCH = 500

export interface ReconcileSummary {
  /** First book date read (inclusive). */
  book_date_from: string
  transactions_read: number
  transactions_stored: number
  payouts_recorded: number
  matched_now: number
  /** Refunds owed marked refunded whose outgoing transfer was found now (match-refunds-owed.ts). */
  refunds_matched_now: number
}

/**
 * One reconciliation run, for the scheduled job and `POST /admin/tikkie/reconciliation/run`:
 *
 * 1. Reads every page of transactions since the last sync: from the book date the previous run
 *    reached (that day is read again, for bookings made later that day), or for a first run from
 *    `historyMonths` back; never before the 18-month limit of the service (an older start is moved up
 *    to the earliest allowed day instead of failing with MESSAGE_BAI560_0029). MESSAGE_BAI560_0005
 *    ("no data": not a bank day) and the blank answer both mean nothing new.
 * 2. Stores them by transactionId (a transaction already stored is left alone).
 * 3. Records the payouts the plugin's payment products expect (EXPECTED_PAYOUT_SOURCES).
 * 4. Matches credits with them (lib/tikkie-bank/match-payouts.ts) and writes the pairs.
 * 5. Matches debits with the refunds owed an admin marked refunded (match-refunds-owed.ts).
 *
 * Runs one at a time across every store instance (a lock); a second caller waits for the first and
 * then finds nothing new. Every write is idempotent, so a crash half-way is healed by the next run.
 */
export async function reconcileBank(
  container: MedusaContainer,
  sources: ExpectedPayoutSource[] = EXPECTED_PAYOUT_SOURCES
): Promise<ReconcileSummary> {
  return container.resolve(Modules.LOCKING).execute(RECONCILE_LOCK, () => reconcileLocked(container, sources), { timeout: 300 })
}

async function reconcileLocked(container: MedusaContainer, sources: ExpectedPayoutSource[]): Promise<ReconcileSummary> {
  const bank = bankModule(container)
  const options = requireBankOptions(bank)
  const today = amsterdamDate(Date.now())

  const read = await withBankAccount(container, "Reconciliation", async ({ client, accountNumber, scopes, connection }) => {
    if (!scopes.includes(BANK_SCOPES.transactions)) throw missingScopeError("transactions", "Reconciliation")
    const earliest = earliestBookDateFrom(today)
    const wanted = connection.synced_through ?? subtractMonths(today, options.historyMonths)
    const from = wanted < earliest ? earliest : wanted > today ? today : wanted
    let count = 0
    let stored = 0
    let batch: StoredTransactionInput[] = []
    const flush = async () => {
      if (batch.length) stored += await bank.storeTransactions(batch)
      batch = []
    }
    try {
      for await (const t of client.transactions(accountNumber, { bookDateFrom: from })) {
        count++
        batch.push({
          transactionId: t.transactionId,
          accountNumber,
          amountInCents: toCents(t.amount),
          currency: t.currency,
          bookDate: t.bookDate ?? today,
          descriptionLines: t.descriptionLines ?? [],
          counterPartyName: t.counterPartyName,
          counterPartyAccountNumber: t.counterPartyAccountNumber || undefined,
          mutationCode: t.mutationCode,
          transactionTimestamp: t.transactionTimestamp === undefined ? undefined : String(t.transactionTimestamp),
        })
        if (batch.length >= STORE_BATCH) await flush()
      }
    } catch (e) {
      if (!(e instanceof TikkieError && e.code === AIS_CODES.REPORT_DOWNLOAD_FAILED)) throw e
    }
    await flush()
    await bank.updateBankConnections({ id: connection.id, synced_through: today, last_synced_at: new Date() })
    return { from, count, stored }
  })

  const since = new Date(`${subtractMonths(today, options.historyMonths)}T00:00:00Z`)
  let recorded = 0
  for (const source of sources) {
    const expected = await source.list(container, since)
    recorded += await bank.recordPayouts(
      expected.map((p) => {
        const paidDate = amsterdamDate(p.paidAt.getTime())
        return {
          source: source.source,
          reference: p.reference,
          amountInCents: p.amountInCents,
          currency: p.currency,
          paidDate,
          dueDate: addBankDays(paidDate, options.overdueAfterBankDays),
          medusaOrderId: p.medusaOrderId,
        }
      })
    )
  }

  const matches = matchPayouts(await bank.listUnmatchedPayouts(), await bank.listUnmatchedCredits(), options.amountMatchWindowBankDays)
  const written = await bank.applyMatches(matches)
  const refundsMatched = await matchRefundsOwedInBank(container)
  return {
    book_date_from: read.from,
    transactions_read: read.count,
    transactions_stored: read.stored,
    payouts_recorded: recorded,
    matched_now: written,
    refunds_matched_now: refundsMatched,
  }
}
