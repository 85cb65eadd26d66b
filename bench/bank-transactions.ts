import { Agent, request } from "undici"
import { AccountInformationClient, amsterdamDate, earliestBookDateFrom } from "tikkie-client/account-information"
import { startSandboxProcess } from "./sandbox-process"
import { fmt, median } from "./stats"

/** The sandbox's main seeded account: 24 months of generated bookings, so 18 months is a full window. */
const ACCOUNT = "NL91ABNA0417164300"
const ROUNDS = 5

interface PagingRound {
  pages: number
  transactions: number
  ms: number
}

/**
 * Issue 5's figure: reading 18 months of transactions (the most the service allows, what a first
 * reconciliation run reads) page by page, as pages per second, against one sandbox process (its own
 * event loop). Paging is sequential by nature: each page needs the previous page's nextPageKey.
 *
 * Side by side with a bare undici loop over the same pages, so the client's own cost (validation,
 * zod parsing, the repeated-key guard) shows as a ratio. Rounds alternate which side goes first; the
 * figures are medians over the rounds. Printed only.
 */
export async function benchBankTransactions(): Promise<void> {
  console.log("\n## Bank transactions: 18 months through the paging client (sandbox process)")
  const sandbox = await startSandboxProcess()
  const apiKey = "bench-api-key-0001"
  const agent = new Agent({ keepAliveTimeout: 4_000 })
  try {
    const issued = await request(`${sandbox.url}/_sandbox/oauth/tokens`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ scope: "psd2:account:transaction:read", accountNumber: ACCOUNT }),
      dispatcher: agent,
    })
    const { access_token: accessToken } = (await issued.body.json()) as { access_token: string }
    const bookDateFrom = earliestBookDateFrom(amsterdamDate(Date.now()))
    const client = new AccountInformationClient({ apiKey, accessToken, baseUrl: sandbox.url, dispatcher: agent })

    // The client's generator hides its pages; count them from the transactions (50 a page, the last
    // one partial), which the bare loop below confirms page by page.
    const viaClient = async (): Promise<PagingRound> => {
      const started = performance.now()
      let transactions = 0
      for await (const _t of client.transactions(ACCOUNT, { bookDateFrom })) transactions++
      return { pages: Math.ceil(transactions / 50), transactions, ms: performance.now() - started }
    }
    const bare = async (): Promise<PagingRound> => {
      const started = performance.now()
      let pages = 0
      let transactions = 0
      let nextPageKey: string | undefined
      do {
        const q = new URLSearchParams({ bookDateFrom, ...(nextPageKey ? { nextPageKey } : {}) })
        const res = await request(`${sandbox.url}/v1/accounts/${ACCOUNT}/transactions?${q}`, {
          headers: { "API-Key": apiKey, Authorization: `Bearer ${accessToken}` },
          dispatcher: agent,
        })
        if (res.statusCode !== 200) throw new Error(`bare page answered ${res.statusCode}`)
        const page = (await res.body.json()) as { transactions: unknown[]; nextPageKey?: string }
        pages++
        transactions += page.transactions.length
        nextPageKey = page.nextPageKey
      } while (nextPageKey)
      return { pages, transactions, ms: performance.now() - started }
    }

    await viaClient() // warm-up (JIT, keep-alive connection, the sandbox's ledger)
    await bare()
    const clientRounds: PagingRound[] = []
    const bareRounds: PagingRound[] = []
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 2) {
        bareRounds.push(await bare())
        clientRounds.push(await viaClient())
      } else {
        clientRounds.push(await viaClient())
        bareRounds.push(await bare())
      }
    }
    const c = clientRounds[0]
    const b = bareRounds[0]
    if (c.transactions !== b.transactions || c.pages !== b.pages) {
      console.log(
        `note: the client read ${c.transactions} transactions, the bare loop ${b.transactions} in ${b.pages} pages`
      )
    }
    const pagesPerSecond = (r: PagingRound) => r.pages / (r.ms / 1000)
    const clientPps = median(clientRounds.map(pagesPerSecond))
    const barePps = median(bareRounds.map(pagesPerSecond))
    console.log(`window: bookDateFrom ${bookDateFrom} to today, ${b.pages} pages, ${b.transactions} transactions`)
    console.log(
      `client: ${fmt(clientPps, 0)} pages/s, ${fmt(median(clientRounds.map((r) => r.ms)), 0)} ms for the window (median of ${ROUNDS})`
    )
    console.log(
      `bare undici: ${fmt(barePps, 0)} pages/s, ${fmt(median(bareRounds.map((r) => r.ms)), 0)} ms for the window`
    )
    console.log(`ratio client / bare pages per second: ${fmt(clientPps / barePps)}`)
    await client.close()
  } finally {
    await agent.close()
    await sandbox.stop()
  }
}
