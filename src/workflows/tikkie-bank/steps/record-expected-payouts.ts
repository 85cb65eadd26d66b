import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { amsterdamDate, subtractMonths } from "tikkie-client/account-information"
import { addBankDays } from "../utils/bank-days"
import { bankModule, requireBankOptions } from "../../../modules/tikkie-bank/bank-session"
import { EXPECTED_PAYOUT_SOURCES } from "../utils/expected-payouts"

export const recordExpectedPayoutsStepId = "tikkie-record-expected-payouts"

/** Records expected payouts with their due bank day. Not undone: idempotent, and a paid payment stays expected. */
export const recordExpectedPayoutsStep = createStep(recordExpectedPayoutsStepId, async (_: void, { container }) => {
  const bank = bankModule(container)
  const options = requireBankOptions(bank)
  const since = new Date(`${subtractMonths(amsterdamDate(Date.now()), options.historyMonths)}T00:00:00Z`)
  let recorded = 0
  for (const source of EXPECTED_PAYOUT_SOURCES) {
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
  return new StepResponse(recorded)
})
