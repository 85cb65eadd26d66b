import { benchFastCheckoutClient } from "./fast-checkout-client"
import { benchReconciliation } from "./reconciliation"
import { benchBankTransactions } from "./bank-transactions"
import { benchPaymentRequests } from "./payment-requests"
import { benchFastCheckoutStore } from "./fast-checkout-store"

/** `npm run bench`: prints figures and ratios measured side by side; nothing here passes or fails. */
async function main() {
  console.log(`# medusa-plugin-tikkie benchmarks (${new Date().toISOString()}, node ${process.version})`)
  await benchFastCheckoutClient()
  await benchReconciliation()
  await benchBankTransactions()
  await benchPaymentRequests()
  await benchFastCheckoutStore()
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
