import http from "node:http"
import type { AddressInfo } from "node:net"
import { FastCheckoutClient, isTikkieError } from "../../src"
import { caught, orderBody, startHarness, type Harness } from "./helpers"

const SECRET_KEY = "apikey-SECRET-5f0c1e9a7b3d4c2e"
const SECRET_MERCHANT = "merchant-SECRET-8d2b6a4f1e0c9b7a"

/** Everything a log line or an API answer could show of an error. */
function everythingShown(e: unknown): string {
  const err = e as Error & { toJSON?: () => unknown; reason?: string }
  return [err.message, String(err), err.stack ?? "", JSON.stringify(err), err.reason ?? ""].join("\n")
}

function expectNoSecrets(e: unknown, ...secrets: string[]) {
  expect(isTikkieError(e)).toBe(true)
  const shown = everythingShown(e)
  for (const s of secrets) expect(shown).not.toContain(s)
}

describe("Fast Checkout client: credentials never appear in errors or logs", () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h.close())

  it("keeps them out of a local refusal", async () => {
    const client = h.newClient({ apiKey: SECRET_KEY, merchantToken: SECRET_MERCHANT })
    const e = await caught(() => client.createOrder(orderBody({ discountInCents: 1_000_000 })))
    expect(e.code).toBe("ERR_3100_005")
    expectNoSecrets(e, SECRET_KEY, SECRET_MERCHANT)
  })

  it("keeps them out of the sandbox's 401 for a merchant token it does not know", async () => {
    const client = h.newClient({ apiKey: SECRET_KEY, merchantToken: SECRET_MERCHANT })
    const e = await caught(() => client.getOrder("abcdef"))
    expect(e.code).toBe("ERR_4100_005")
    expectNoSecrets(e, SECRET_KEY, SECRET_MERCHANT)
  })

  it("redacts them when a service echoes the headers back in its error message", async () => {
    // A real server that misbehaves the way a gateway might: quoting the request headers.
    const server = http.createServer((req, res) => {
      res.writeHead(400, { "content-type": "application/json", "trace-id": "t-1" })
      res.end(
        JSON.stringify({
          errors: [
            {
              code: "ERR_1100_004",
              message: `bad request with API-Key ${req.headers["api-key"]} and token ${req.headers["x-merchant-token"]}`,
              status: 400,
            },
          ],
        })
      )
    })
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()))
    try {
      const client = h.newClient({
        apiKey: SECRET_KEY,
        merchantToken: SECRET_MERCHANT,
        baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      })
      const e = await caught(() => client.createOrder(orderBody()))
      expect(e.code).toBe("ERR_1100_004")
      expect(e.message).toContain("[redacted]")
      expectNoSecrets(e, SECRET_KEY, SECRET_MERCHANT)
    } finally {
      server.closeAllConnections()
      await new Promise<void>((r) => server.close(() => r()))
    }
  })

  it("keeps them out of network errors and of the retry log lines", async () => {
    const lines: string[] = []
    const client = h.newClient({
      apiKey: SECRET_KEY,
      merchantToken: SECRET_MERCHANT,
      baseUrl: "http://127.0.0.1:1",
      retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 2 },
      logger: { warn: (m) => lines.push(m) },
    })
    const e = await caught(() => client.getOrder("abcdef"))
    expect(e.code).toBe("CONNECTION_FAILED")
    expectNoSecrets(e, SECRET_KEY, SECRET_MERCHANT)
    expect(lines).toHaveLength(2)
    for (const line of lines) {
      expect(line).not.toContain(SECRET_KEY)
      expect(line).not.toContain(SECRET_MERCHANT)
    }
  })

  it("keeps them out of a timeout", async () => {
    await h.control.injectFault("fastCheckout.getOrder", "hang", 1)
    const { merchantToken } = await h.newClient({ apiKey: SECRET_KEY }).createSandboxMerchant()
    const client = h.newClient({ apiKey: SECRET_KEY, merchantToken, requestTimeoutMs: 100, retry: { retries: 0 } })
    const e = await caught(() => client.getOrder("abcdef"))
    expect(e.code).toBe("TIMEOUT")
    expectNoSecrets(e, SECRET_KEY, merchantToken)
  })

  it("refuses bad options at construction with a message naming the option, not its value", () => {
    const attempts: Array<[Record<string, unknown>, RegExp]> = [
      [{ apiKey: `${SECRET_KEY} \n`, baseUrl: h.sandbox.url }, /apiKey/],
      [
        { apiKey: SECRET_KEY, merchantToken: `${SECRET_MERCHANT}\r\nX-Evil: 1`, baseUrl: h.sandbox.url },
        /merchantToken/,
      ],
      [{ apiKey: SECRET_KEY, baseUrl: "not a url" }, /baseUrl/],
      [{ apiKey: SECRET_KEY, baseUrl: h.sandbox.url, product: "shop" }, /product/],
      [{ apiKey: SECRET_KEY, baseUrl: h.sandbox.url, apikey: SECRET_KEY }, /unknown option: apikey/],
      [{ apiKey: SECRET_KEY, baseUrl: h.sandbox.url, requestTimeoutMs: -1 }, /requestTimeoutMs/],
      [{ apiKey: SECRET_KEY, baseUrl: h.sandbox.url, getOrderRateLimiter: {} }, /getOrderRateLimiter/],
      [{ baseUrl: h.sandbox.url }, /apiKey is required/],
    ]
    for (const [options, expected] of attempts) {
      let thrown: unknown
      try {
        new FastCheckoutClient(options as never)
      } catch (e) {
        thrown = e
      }
      expect(thrown).toMatchObject({ code: "INVALID_OPTIONS", kind: "local" })
      expect((thrown as Error).message).toMatch(expected)
      expectNoSecrets(thrown, SECRET_KEY, SECRET_MERCHANT)
    }
  })
})
