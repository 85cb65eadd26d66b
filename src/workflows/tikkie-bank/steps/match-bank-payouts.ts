import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { bankModule, requireBankOptions } from "../../../modules/tikkie-bank/bank-session"
import { matchPayouts } from "../utils/match-payouts"
import { matchRefundsOwedInBank } from "../utils/match-refunds-owed"

export const matchBankPayoutsStepId = "tikkie-match-bank-payouts"

/** Matches credits with expected payouts, debits with refunds owed. Not undone: a match is a booking found. */
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
