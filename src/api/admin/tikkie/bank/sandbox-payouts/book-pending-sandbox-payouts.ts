import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { Agent } from "undici"
import { amsterdamDate, subtractMonths } from "../../../../../tikkie/account-information"
import { bankModule, currentConnection, requireBankOptions } from "../../../../../lib/tikkie-bank/bank-session"
import { EXPECTED_PAYOUT_SOURCES } from "../../../../../lib/tikkie-bank/expected-payouts"
import { reconcileBankWorkflow, type ReconcileSummary } from "../../../../../workflows/tikkie-bank/reconcile"
import { bookSandboxPayouts } from "./book-sandbox-payouts"

const LOCK = "tikkie:bank:sandbox-payouts"

export interface BookedSandboxPayout {
  source: string
  reference: string
  amount_in_cents: number
  currency: string
  medusa_order_id: string | null
  transaction_id: string
}

/**
 * SANDBOX ONLY (the demo's "Book sandbox payouts" action, `sandboxPayouts: true`): the sandbox pays out
 * every paid payment whose payout is not matched yet, on the connected account, and reconciliation runs
 * at once so the merchant sees them matched.
 *
 * Running reconciliation right after booking is what keeps a second press from booking the same
 * payouts twice: a booked credit is matched before the lock is let go, and matched payouts are skipped.
 * (When the run fails, e.g. consent needed, the credits stay booked and unmatched; a later run still
 * matches them, and a second press before that would book them again. Acceptable for a sandbox.)
 */
export async function bookPendingSandboxPayouts(
  container: MedusaContainer
): Promise<{ booked: BookedSandboxPayout[]; summary: ReconcileSummary }> {
  const bank = bankModule(container)
  const options = requireBankOptions(bank)
  if (!options.sandboxPayouts) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Booking sandbox payouts is off: it only works against the Tikkie sandbox, and is turned on with the tikkie-bank option sandboxPayouts (TIKKIE_BANK_SANDBOX_PAYOUTS=1 in this repository's medusa-config)."
    )
  }
  return container.resolve(Modules.LOCKING).execute(
    LOCK,
    async () => {
      const connection = await currentConnection(bank)
      if (!connection) {
        throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "No bank account is connected. Connect one first (POST /admin/tikkie/bank/connect).")
      }
      const matched = new Set(
        (await bank.listPayouts({ transaction_id: { $ne: null } }, { select: ["source", "reference"] })).map(
          (p) => `${p.source}:${p.reference}`
        )
      )
      const since = new Date(`${subtractMonths(amsterdamDate(Date.now()), 18)}T00:00:00Z`)
      const references: string[] = []
      for (const source of EXPECTED_PAYOUT_SOURCES) {
        for (const p of await source.list(container, since)) {
          if (!matched.has(`${source.source}:${p.reference}`)) references.push(p.reference)
        }
      }
      // A sandbox started with TLS has its own CA; the module's `ca` option trusts it.
      const dispatcher = options.tls?.ca ? new Agent({ connect: { ca: options.tls.ca } }) : undefined
      try {
        const booked = references.length
          ? await bookSandboxPayouts(container, { sandboxUrl: options.baseUrl, accountNumber: connection.account_number, references, dispatcher })
          : []
        const { result: summary } = await reconcileBankWorkflow(container).run()
        return {
          booked: booked.map((p) => ({
            source: p.source,
            reference: p.reference,
            amount_in_cents: p.amountInCents,
            currency: p.currency,
            medusa_order_id: p.medusaOrderId ?? null,
            transaction_id: p.transactionId,
          })),
          summary,
        }
      } finally {
        await dispatcher?.close()
      }
    },
    { timeout: 300 }
  )
}
