import { Agent, request } from "undici"
import { FastCheckoutClient } from "../src/tikkie/fast-checkout"
import { UNLIMITED } from "../src/tikkie/core/rate-limiter"
import { startSandboxProcess } from "./sandbox-process"
import { fmt, latencies, median, throughput } from "./stats"

/**
 * Issue 2's figures, side by side in one run against one sandbox process with its rate limit off:
 * - GET order throughput through FastCheckoutClient versus a bare undici request (goal >= 0.9);
 * - create-order latency through the client versus bare (goal <= 1.1);
 * - the sandbox's own GET order throughput (goal >= 5,000 per second on 2 cores).
 * The client runs with its limiter off here: the point is the cost of the client itself.
 */
export async function benchFastCheckoutClient(): Promise<void> {
  const sandbox = await startSandboxProcess(["--no-rate-limit"])
  const apiKey = "bench-api-key-0001"
  const agent = new Agent({ keepAliveTimeout: 4_000, connections: 64 })
  const client = new FastCheckoutClient({
    apiKey,
    baseUrl: sandbox.url,
    dispatcher: agent,
    getOrderRateLimiter: UNLIMITED,
  })
  try {
    const { merchantToken } = await client.createSandboxMerchant()
    const withToken = new FastCheckoutClient({
      apiKey,
      merchantToken,
      baseUrl: sandbox.url,
      dispatcher: agent,
      getOrderRateLimiter: UNLIMITED,
    })
    const body = {
      referenceId: "bench-1",
      shippingCostsInCents: 495,
      currency: "EUR",
      expiration: 900,
      redirectUrl: "http://localhost:9000/return",
      items: [{ itemName: "Stroopwafels", priceInCents: 1299, quantity: 2 }],
    }
    const headers = { "API-Key": apiKey, "X-Merchant-Token": merchantToken, "content-type": "application/json" }
    const { orderToken } = await withToken.createOrder(body)
    const orderUrl = `${sandbox.url}/v1/pay/fastcheckout/orders/${orderToken}`
    const bareGet = async () => {
      const res = await request(orderUrl, { method: "GET", headers, dispatcher: agent })
      if (res.statusCode !== 200) throw new Error(`bare GET answered ${res.statusCode}`)
      await res.body.json()
    }
    const clientGet = () => withToken.getOrder(orderToken)
    const bareCreate = async () => {
      const res = await request(`${sandbox.url}/v1/pay/fastcheckout/orders`, {
        method: "POST",
        headers,
        body: JSON.stringify(body),
        dispatcher: agent,
      })
      if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`bare POST answered ${res.statusCode}`)
      await res.body.json()
    }
    const clientCreate = () => withToken.createOrder(body)

    // Warm up both paths (JIT, sockets), then alternate rounds so drift hits both sides alike.
    await throughput(bareGet, 32, 500)
    await throughput(clientGet, 32, 500)
    const bareRates: number[] = []
    const clientRates: number[] = []
    for (let round = 0; round < 3; round++) {
      bareRates.push(await throughput(bareGet, 32, 1_500))
      clientRates.push(await throughput(clientGet, 32, 1_500))
    }
    const bareRate = median(bareRates)
    const clientRate = median(clientRates)

    await latencies(bareCreate, 50)
    await latencies(clientCreate, 50)
    const bareLat: number[] = []
    const clientLat: number[] = []
    for (let round = 0; round < 4; round++) {
      bareLat.push(...(await latencies(bareCreate, 100)))
      clientLat.push(...(await latencies(clientCreate, 100)))
    }

    console.log("\n## Fast Checkout client (sandbox in its own process, rate limit off)")
    console.log(`GET order, bare undici:         ${fmt(bareRate, 0)} /s  (sandbox's own throughput; goal >= 5,000)`)
    console.log(`GET order, FastCheckoutClient:  ${fmt(clientRate, 0)} /s`)
    console.log(`  ratio client/bare:            ${fmt(clientRate / bareRate)}  (goal >= 0.90)`)
    console.log(`create order, bare median:      ${fmt(median(bareLat), 3)} ms`)
    console.log(`create order, client median:    ${fmt(median(clientLat), 3)} ms`)
    console.log(`  ratio client/bare:            ${fmt(median(clientLat) / median(bareLat))}  (goal <= 1.10)`)
    await withToken.close()
  } finally {
    await client.close()
    await agent.close()
    await sandbox.stop()
  }
}
