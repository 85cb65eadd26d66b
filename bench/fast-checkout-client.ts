import { Agent, request } from "undici"
import { UNLIMITED } from "tikkie-client/core/rate-limiter"
import { type CreateOrderBody, FastCheckoutClient } from "tikkie-client/fast-checkout"
import { startSandboxProcess } from "./sandbox-process"
import { fmt, latencies, median, percentile, throughput, type ThroughputRound } from "./stats"

/** Workers calling GET order at once, on both sides. */
const CONCURRENCY = 32
const GET_ROUNDS = 12
const GET_ROUND_MS = 1_000
const CREATE_ROUNDS = 40
const CREATE_CALLS_PER_ROUND = 50

/**
 * Issue 2's figures, side by side in one run against one sandbox process (`tikkie-sandbox --port 0
 * --no-rate-limit`, its own event loop):
 * - GET order throughput through FastCheckoutClient versus a bare undici request (goal >= 0.9);
 * - create-order latency through the client versus bare (median ratio; goal <= 1.1);
 * - the sandbox's own GET order throughput (goal >= 5,000 per second on 2 cores).
 *
 * The client runs with its GET order limiter off (UNLIMITED): the point is the cost of the client
 * itself. Both sides share one keep-alive pool. Rounds alternate which side goes first, so drift of
 * the machine (other processes, CPU frequency, the sandbox's growing order table) hits both alike;
 * the ratios are medians of the per-round pairs.
 */
export async function benchFastCheckoutClient(): Promise<void> {
  const sandbox = await startSandboxProcess(["--no-rate-limit"])
  const apiKey = "bench-api-key-0001"
  const agent = new Agent({ keepAliveTimeout: 4_000, connections: 64 })
  const merchantClient = new FastCheckoutClient({ apiKey, baseUrl: sandbox.url, dispatcher: agent })
  try {
    const { merchantToken } = await merchantClient.createSandboxMerchant()
    const client = new FastCheckoutClient({
      apiKey,
      merchantToken,
      baseUrl: sandbox.url,
      dispatcher: agent,
      getOrderRateLimiter: UNLIMITED,
    })
    const body: CreateOrderBody = {
      referenceId: "bench-1",
      shippingCostsInCents: 495,
      currency: "EUR",
      expiration: 900,
      redirectUrl: "http://localhost:9000/return",
      items: [{ itemName: "Stroopwafels", priceInCents: 1299, quantity: 2 }],
    }
    const { orderToken } = await client.createOrder(body)
    const ordersUrl = `${sandbox.url}/v1/pay/fastcheckout/orders`
    const orderUrl = `${ordersUrl}/${orderToken}`
    const auth = { "API-Key": apiKey, "X-Merchant-Token": merchantToken }
    const postHeaders = { ...auth, "content-type": "application/json" }

    const bareGet = async () => {
      const res = await request(orderUrl, { method: "GET", headers: auth, dispatcher: agent })
      const order = (await res.body.json()) as { status?: string }
      if (res.statusCode !== 200 || order.status !== "NEW") throw new Error(`bare GET answered ${res.statusCode}`)
    }
    const clientGet = async () => {
      const order = await client.getOrder(orderToken)
      if (order.status !== "NEW") throw new Error(`client GET read status ${order.status}`)
    }
    const bareCreate = async () => {
      const res = await request(ordersUrl, {
        method: "POST",
        headers: postHeaders,
        body: JSON.stringify(body),
        dispatcher: agent,
      })
      const created = (await res.body.json()) as { orderToken?: string }
      if (res.statusCode !== 201 || !created.orderToken) throw new Error(`bare POST answered ${res.statusCode}`)
    }
    const clientCreate = () => client.createOrder(body)

    // Warm-up of both paths (JIT, sockets, the sandbox's own code).
    for (let i = 0; i < 2; i++) {
      await throughput(bareGet, CONCURRENCY, 400)
      await throughput(clientGet, CONCURRENCY, 400)
    }
    const gets = { bare: [] as ThroughputRound[], client: [] as ThroughputRound[] }
    for (let round = 0; round < GET_ROUNDS; round++) {
      const order = round % 2 === 0 ? (["bare", "client"] as const) : (["client", "bare"] as const)
      for (const side of order)
        gets[side].push(await throughput(side === "bare" ? bareGet : clientGet, CONCURRENCY, GET_ROUND_MS))
    }

    await latencies(bareCreate, 200)
    await latencies(clientCreate, 200)
    const creates = { bare: [] as number[], client: [] as number[] }
    const createRatios: number[] = []
    for (let round = 0; round < CREATE_ROUNDS; round++) {
      const order = round % 2 === 0 ? (["bare", "client"] as const) : (["client", "bare"] as const)
      const medians = { bare: 0, client: 0 }
      for (const side of order) {
        const xs = await latencies(side === "bare" ? bareCreate : clientCreate, CREATE_CALLS_PER_ROUND)
        creates[side].push(...xs)
        medians[side] = median(xs)
      }
      createRatios.push(medians.client / medians.bare)
    }
    const sandboxCount = await sandboxBusiestSecond(sandbox.url)
    await client.close()

    const rate = (xs: ThroughputRound[]) => median(xs.map((x) => x.perSecond))
    const cpu = (xs: ThroughputRound[]) => median(xs.map((x) => x.cpuMicrosPerCall))
    const getRatios = gets.client.map((c, i) => c.perSecond / gets.bare[i].perSecond)
    const ms = (x: number) => `${fmt(x, 3)} ms`

    console.log("\n## Fast Checkout client against the sandbox (own process, rate limit off)")
    console.log(
      `GET order throughput, ${GET_ROUNDS} interleaved rounds of ${GET_ROUND_MS} ms, ${CONCURRENCY} concurrent calls (median):`
    )
    console.log(
      `  bare undici request       ${fmt(rate(gets.bare), 0)} /s   bench CPU ${fmt(cpu(gets.bare), 1)} µs/call`
    )
    console.log(
      `  FastCheckoutClient        ${fmt(rate(gets.client), 0)} /s   bench CPU ${fmt(cpu(gets.client), 1)} µs/call`
    )
    console.log(
      `  ratio client/bare         ${fmt(median(getRatios))}   (median of per-round ratios, range ${fmt(Math.min(...getRatios))}-${fmt(Math.max(...getRatios))}; goal >= 0.90)`
    )
    console.log(
      `create order latency, ${CREATE_ROUNDS} interleaved rounds of ${CREATE_CALLS_PER_ROUND} sequential calls:`
    )
    console.log(
      `  bare undici request       median ${ms(median(creates.bare))}   p90 ${ms(percentile(creates.bare, 0.9))}`
    )
    console.log(
      `  FastCheckoutClient        median ${ms(median(creates.client))}   p90 ${ms(percentile(creates.client, 0.9))}`
    )
    console.log(
      `  ratio client/bare         ${fmt(median(createRatios))}   (median of per-round median ratios; goal <= 1.10)`
    )
    console.log(`sandbox GET order throughput (rate limit off):`)
    console.log(
      `  served to the bare load   ${fmt(rate(gets.bare), 0)} /s   (goal >= 5,000 on 2 cores; load generator on the same machine)`
    )
    console.log(`  busiest second it counted ${fmt(sandboxCount, 0)} GET order calls   (GET /_sandbox/stats)`)
  } finally {
    await merchantClient.close()
    await agent.close()
    await sandbox.stop()
  }
}

/** The sandbox's own count: GET order calls started in its busiest wall-clock second. */
async function sandboxBusiestSecond(baseUrl: string): Promise<number> {
  const res = await request(`${baseUrl}/_sandbox/stats`)
  const stats = (await res.body.json()) as { maxPerSecond?: Record<string, number> }
  return stats.maxPerSecond?.["fastCheckout.getOrder"] ?? 0
}
