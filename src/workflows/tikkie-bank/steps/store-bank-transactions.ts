import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { StoredTransactionInput } from "../../../modules/tikkie-bank/service"
import {
  AIS_CODES,
  amsterdamDate,
  earliestBookDateFrom,
  subtractMonths,
  toCents,
} from "tikkie-client/account-information"
import { TikkieError } from "tikkie-client/core/errors"
import { missingScopeError } from "../../../modules/tikkie-bank/bank-errors"
import { bankModule, requireBankOptions, withBankAccount } from "../../../modules/tikkie-bank/bank-session"
import { BANK_SCOPES } from "../../../modules/tikkie-bank/scopes"

export const storeBankTransactionsStepId = "tikkie-store-bank-transactions"

const STORE_BATCH = 500

type SyncMark = { id: string; synced_through: string | null; last_synced_at: Date | null }

/**
 * Stores the transactions since the last sync (that day again, for later bookings; never before the service's
 * 18 months). Undone: the sync mark goes back, so the next run reads those days again.
 */
export const storeBankTransactionsStep = createStep(
  storeBankTransactionsStepId,
  async (_: void, { container }) => {
    const bank = bankModule(container)
    const options = requireBankOptions(bank)
    const today = amsterdamDate(Date.now())
    let previous: SyncMark | undefined
    const read = await withBankAccount(
      container,
      "Reconciliation",
      async ({ client, accountNumber, scopes, connection }) => {
        if (!scopes.includes(BANK_SCOPES.transactions)) throw missingScopeError("transactions", "Reconciliation")
        previous = {
          id: connection.id,
          synced_through: connection.synced_through ?? null,
          last_synced_at: connection.last_synced_at ?? null,
        }
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
          // "No data" (not a bank day): nothing new.
          if (!(e instanceof TikkieError && e.code === AIS_CODES.REPORT_DOWNLOAD_FAILED)) throw e
        }
        await flush()
        await bank.updateBankConnections({ id: connection.id, synced_through: today, last_synced_at: new Date() })
        return { from, count, stored }
      }
    )
    return new StepResponse(read, previous)
  },
  async (previous, { container }) => {
    if (!previous) return
    await bankModule(container).updateBankConnections({
      id: previous.id,
      synced_through: previous.synced_through,
      last_synced_at: previous.last_synced_at,
    })
  }
)
