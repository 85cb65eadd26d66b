import type { MedusaContainer } from "@medusajs/framework/types"
import { request, type Dispatcher } from "undici"
import { amsterdamDate, subtractMonths } from "tikkie-client/account-information"
import { EXPECTED_PAYOUT_SOURCES, type ExpectedPayout } from "../../src/workflows/tikkie-bank/utils/expected-payouts"
import { payoutDescriptionLines } from "./payout-lines"

/**
 * A test's payouts of payments the store knows but the sandbox never took (records the test wrote
 * itself): for each expected payout of the store (all sources, or those whose reference is in
 * `references`) a credit on `accountNumber` through the sandbox's generic booking control
 * `POST /_sandbox/accounts/:accountNumber/transactions`, with the payout convention's description lines
 * (workflows/tikkie-bank/utils/payout-reference.ts). Payments the sandbox did take are paid out by its own control,
 * `POST /_sandbox/accounts/:accountNumber/payouts`.
 */
export async function bookSandboxPayouts(
  container: MedusaContainer,
  input: {
    sandboxUrl: string
    accountNumber: string
    references?: string[]
    bookDate?: string
    dispatcher?: Dispatcher
  }
): Promise<Array<ExpectedPayout & { transactionId: string }>> {
  const since = new Date(`${subtractMonths(amsterdamDate(Date.now()), 18)}T00:00:00Z`)
  const booked: Array<ExpectedPayout & { transactionId: string }> = []
  for (const source of EXPECTED_PAYOUT_SOURCES) {
    for (const p of await source.list(container, since)) {
      if (input.references && !input.references.includes(p.reference)) continue
      const res = await request(
        `${input.sandboxUrl}/_sandbox/accounts/${encodeURIComponent(input.accountNumber)}/transactions`,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            amountInCents: p.amountInCents,
            descriptionLines: payoutDescriptionLines(source.source, p.reference),
            counterPartyName: "Stichting Tikkie",
            ...(input.bookDate ? { bookDate: input.bookDate } : {}),
          }),
          dispatcher: input.dispatcher,
        }
      )
      const body = (await res.body.json()) as { transactionId?: string }
      if (res.statusCode !== 201 || !body.transactionId)
        throw new Error(`the sandbox refused the payout booking (${res.statusCode})`)
      booked.push({ ...p, transactionId: body.transactionId })
    }
  }
  return booked
}
