import type { MedusaContainer } from "@medusajs/framework/types"
import { request, type Dispatcher } from "undici"
import { amsterdamDate, subtractMonths } from "../../../../../tikkie/account-information"
import { EXPECTED_PAYOUT_SOURCES, type ExpectedPayout } from "../../../../../lib/tikkie-bank/expected-payouts"
import { payoutDescriptionLines } from "../../../../../lib/tikkie-bank/payout-reference"

/**
 * SANDBOX ONLY (tests, demo): makes the sandbox pay out the plugin's paid payments, so the whole chain
 * runs locally. For each expected payout (all sources, or those whose reference is in `references`) it
 * books a credit on `accountNumber` through the sandbox's existing booking control
 * `POST /_sandbox/accounts/:accountNumber/transactions`, with the description lines of the payout
 * convention (lib/tikkie-bank/payout-reference.ts) and the payment's amount.
 *
 * Choice: a plugin-side helper rather than a new sandbox control, because the sandbox's account
 * information service does not know the other services' payments, and this way payment-request payouts
 * work as soon as their source is registered.
 */
export async function bookSandboxPayouts(
  container: MedusaContainer,
  input: { sandboxUrl: string; accountNumber: string; references?: string[]; bookDate?: string; dispatcher?: Dispatcher }
): Promise<Array<ExpectedPayout & { transactionId: string }>> {
  const since = new Date(`${subtractMonths(amsterdamDate(Date.now()), 18)}T00:00:00Z`)
  const booked: Array<ExpectedPayout & { transactionId: string }> = []
  for (const source of EXPECTED_PAYOUT_SOURCES) {
    for (const p of await source.list(container, since)) {
      if (input.references && !input.references.includes(p.reference)) continue
      const res = await request(`${input.sandboxUrl}/_sandbox/accounts/${encodeURIComponent(input.accountNumber)}/transactions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          amountInCents: p.amountInCents,
          descriptionLines: payoutDescriptionLines(source.source, p.reference),
          counterPartyName: "Stichting Tikkie",
          ...(input.bookDate ? { bookDate: input.bookDate } : {}),
        }),
        dispatcher: input.dispatcher,
      })
      const body = (await res.body.json()) as { transactionId?: string }
      if (res.statusCode !== 201 || !body.transactionId) throw new Error(`the sandbox refused the payout booking (${res.statusCode})`)
      booked.push({ ...p, transactionId: body.transactionId })
    }
  }
  return booked
}
