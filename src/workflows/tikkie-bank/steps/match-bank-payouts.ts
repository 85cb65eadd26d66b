import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { bankModule, requireBankOptions } from "../../../modules/tikkie-bank/bank-session"
import { matchPayouts } from "../utils/match-payouts"
import { matchRefundsOwedInBank } from "../utils/match-refunds-owed"

export const matchBankPayoutsStepId = "tikkie-match-bank-payouts"

/**
 * Matches the credits in the stored transactions with the expected payouts (workflows/tikkie-bank/utils/match-payouts.ts)
 * and the debits with the refunds owed an admin marked refunded (match-refunds-owed.ts); answers how many
 * of each were matched now. Not undone: a match is the bank's booking found, and the next run matches
 * nothing twice.
 */
export const matchBankPayoutsStep = createStep(matchBankPayoutsStepId, async (_: void, { container }) => {
  const bank = bankModule(container)
  const options = requireBankOptions(bank)
  const matches = matchPayouts(
    await bank.listUnmatchedPayouts(),
    await bank.listUnmatchedCredits(),
    options.amountMatchWindowBankDays
  )
  const payouts = await bank.applyMatches(matches)
  const refunds = await matchRefundsOwedInBank(container)
  return new StepResponse({ payouts, refunds })
})
