import http from "node:http"
import type { AddressInfo } from "node:net"
import { isTikkieError } from "../../src"
import {
  API_KEY,
  apiUrl,
  caught,
  expectServiceError,
  orderBody,
  orderHeaders,
  raw,
  startHarness,
  type Harness,
} from "./helpers"

describe("Fast Checkout: sandbox merchant (POST /v1/{product}/fastcheckout/merchant)", () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h.close())

  it("gives a merchant token through the client that then works for order calls", async () => {
    const { merchantToken } = await h.newClient().createSandboxMerchant()
    expect(merchantToken.length).toBeGreaterThan(0)
    const client = h.newClient({ merchantToken })
    const created = await client.createOrder(orderBody())
    expect((await client.getOrder(created.orderToken)).status).toBe("NEW")
  })

  it("answers 201 with {merchantToken} and a Trace-Id to a raw call with an empty body (Content-Length 0)", async () => {
    const res = await raw("POST", apiUrl(h, "/merchant"), { headers: { "API-Key": API_KEY, "content-length": "0" } })
    expect(res.status).toBe(201)
    expect(res.json).toEqual({ merchantToken: expect.any(String) })
    expect(typeof res.headers["trace-id"]).toBe("string")
  })

  it("sends the merchant call as POST with API-Key only, an empty body and Content-Length 0", async () => {
    // A tiny real server stands in for the service so the bytes the client sends can be read.
    const seen: Array<{ method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }> = []
    const server = http.createServer((req, res) => {
      let body = ""
      req.on("data", (c) => (body += c))
      req.on("end", () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body })
        res.writeHead(201, { "content-type": "application/json" })
        res.end(JSON.stringify({ merchantToken: "merchant-from-capture" }))
      })
    })
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()))
    try {
      const client = h.newClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })
      expect(await client.createSandboxMerchant()).toEqual({ merchantToken: "merchant-from-capture" })
      expect(seen).toHaveLength(1)
      expect(seen[0]).toMatchObject({ method: "POST", url: "/v1/pay/fastcheckout/merchant", body: "" })
      expect(seen[0].headers["content-length"]).toBe("0")
      expect(seen[0].headers["api-key"]).toBe(API_KEY)
      expect(seen[0].headers["x-merchant-token"]).toBeUndefined()
    } finally {
      server.closeAllConnections()
      await new Promise<void>((r) => server.close(() => r()))
    }
  })

  it("refuses a call without API-Key with 400 ERR_1100_005 naming the header", async () => {
    const res = await raw("POST", apiUrl(h, "/merchant"))
    const message = expectServiceError(res, 400, "ERR_1100_005", "BAD_REQUEST")
    expect(message).toMatch(/API-Key/)
  })

  it("works on the tikkie product segment too", async () => {
    const client = h.newClient({ product: "tikkie" })
    const { merchantToken } = await client.createSandboxMerchant()
    const tikkie = h.newClient({ product: "tikkie", merchantToken })
    const created = await tikkie.createOrder(orderBody())
    expect((await tikkie.getOrder(created.orderToken)).orderToken).toBe(created.orderToken)
    const log = await h.control.requests("fastCheckout.getOrder")
    expect(log.at(-1)?.path).toBe(`/v1/tikkie/fastcheckout/orders/${created.orderToken}`)
  })

  it("ties the merchant token to its API key: another key with it is answered 401 ERR_4100_005", async () => {
    const { merchantToken } = await h.newClient().createSandboxMerchant()
    const res = await raw("POST", apiUrl(h, "/orders"), {
      headers: orderHeaders(merchantToken, "another-api-key-9876543210"),
      json: orderBody(),
    })
    expectServiceError(res, 401, "ERR_4100_005", "UNAUTHORIZED")

    const other = h.newClient({ apiKey: "another-api-key-9876543210", merchantToken })
    const e = await caught(() => other.createOrder(orderBody()))
    expect(isTikkieError(e)).toBe(true)
    expect(e).toMatchObject({ kind: "service", code: "ERR_4100_005", status: 401, category: "UNAUTHORIZED" })
  })
})
