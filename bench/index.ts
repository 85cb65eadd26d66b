import { benchFastCheckoutClient } from "./fast-checkout-client"
import { benchReconciliation } from "./reconciliation"
import { benchBankTransactions } from "./bank-transactions"
import { benchPaymentRequests, benchPaymentRequestsCluster } from "./payment-requests"
import { benchFastCheckoutStore } from "./fast-checkout-store"
import { benchFastCheckoutCluster } from "./fast-checkout-cluster"
import { printSummary } from "./summary"

const BENCHES: Record<string, () => Promise<void>> = {
  "fast-checkout-client": benchFastCheckoutClient,
  reconciliation: benchReconciliation,
  "bank-transactions": benchBankTransactions,
  "payment-requests": benchPaymentRequests,
  "fast-checkout-store": benchFastCheckoutStore,
  "fast-checkout-cluster": benchFastCheckoutCluster,
  "payment-requests-cluster": benchPaymentRequestsCluster,
}

/**
 * `npm run bench`: prints figures and ratios measured side by side; nothing here passes or fails.
 * `npm run bench -- fast-checkout-store payment-requests` runs only the named ones.
 */
async function main() {
  const only = process.argv.slice(2)
  const unknown = only.filter((n) => !(n in BENCHES))
  if (unknown.length) throw new Error(`unknown bench ${unknown.join(", ")}; known: ${Object.keys(BENCHES).join(", ")}`)
  console.log(`# medusa-plugin-tikkie benchmarks (${new Date().toISOString()}, node ${process.version})`)
  for (const [name, run] of Object.entries(BENCHES)) if (!only.length || only.includes(name)) await run()
  printSummary()
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
