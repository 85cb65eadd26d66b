import { matchPayouts } from "../src/workflows/tikkie-bank/utils/match-payouts"
import { payoutDescriptionLines } from "../integration-tests/helpers/payout-lines"
import { addDays } from "tikkie-client/account-information"

/**
 * Reconciling N transactions against N payments with the matcher the run uses (match-payouts.ts),
 * in memory: half the credits carry the payout reference, half are matched by amount and date.
 * Printed: time, heap growth, and the ratio of 100,000 to 10,000 (10 means linear growth).
 * The database part of a run (storing and reading rows) is not measured here.
 */
function data(n: number) {
  const payouts = []
  const credits = []
  for (let i = 0; i < n; i++) {
    const paidDate = addDays("2026-01-05", i % 300)
    const reference = i.toString(16).padStart(32, "0")
    payouts.push({
      id: `p${i}`,
      source: "fastcheckout",
      reference,
      amountInCents: 100 + (i % 9_973),
      currency: "EUR",
      paidDate,
    })
    credits.push({
      transactionId: `t${i}`,
      amountInCents: 100 + (i % 9_973),
      currency: "EUR",
      bookDate: addDays(paidDate, 1),
      descriptionLines: i % 2 ? ["UITBETALING TIKKIE"] : payoutDescriptionLines("fastcheckout", reference),
    })
  }
  return { payouts, credits }
}

function measure(n: number) {
  const { payouts, credits } = data(n)
  global.gc?.()
  const heapBefore = process.memoryUsage().heapUsed
  const started = process.hrtime.bigint()
  const matches = matchPayouts(payouts, credits, 5)
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1_048_576
  return { n, ms, heapMb, matched: matches.length }
}

export async function benchReconciliation(): Promise<void> {
  console.log("\n## Reconciliation matcher (in memory)")
  measure(10_000) // warm-up
  const small = measure(10_000)
  const large = measure(100_000)
  for (const r of [small, large]) {
    console.log(
      `${r.n} transactions x ${r.n} payments: ${r.ms.toFixed(1)} ms, heap +${r.heapMb.toFixed(1)} MB, ${r.matched} matched`
    )
  }
  console.log(`ratio 100,000 / 10,000: time x${(large.ms / small.ms).toFixed(1)} (10 = linear)`)
}
