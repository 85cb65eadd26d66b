import http from "node:http"
import type { AddressInfo } from "node:net"
import { PaymentRequestsClient } from "../../src/payment-requests/v2"
import { API_KEY, caught, FAST_RETRY, startV2, type V2Env } from "./helpers"

/** Retry policy and credential hygiene of the payment requests v2 client. */
describe("payment requests v2: retries", () => {
  let env: V2Env
  const warnings: string[] = []
  beforeAll(async () => {
    env = await startV2({ logger: { warn: (m) => warnings.push(m) } })
  })
  afterAll(() => env.close())

  const statuses = async (operation: string) => (await env.control.requests(operation)).map((r) => r.status)

  it.each(["500", "503"] as const)("retries a GET after an injected %s and answers the record", async (kind) => {
    const pr = await env.client.createPaymentRequest({ description: `Retry ${kind}`, amountInCents: 100 })
    const before = (await statuses("paymentRequestsV2.getPaymentRequest")).length
    await env.control.injectFault("paymentRequestsV2.getPaymentRequest", kind, 1)
    const read = await env.client.getPaymentRequest(pr.paymentRequestToken)
    expect(read.paymentRequestToken).toBe(pr.paymentRequestToken)
    expect((await statuses("paymentRequestsV2.getPaymentRequest")).slice(before)).toEqual([Number(kind), 200])
  })

  it("does not resend a create after a 500: the error says it may have reached the service", async () => {
    const before = (await statuses("paymentRequestsV2.createPaymentRequest")).length
    await env.control.injectFault("paymentRequestsV2.createPaymentRequest", "500", 1)
    const e = await caught(() => env.client.createPaymentRequest({ description: "Once only", amountInCents: 100 }))
    expect({ kind: e.kind, status: e.status, mayHaveReachedService: e.mayHaveReachedService }).toEqual({
      kind: "service",
      status: 500,
      mayHaveReachedService: true,
    })
    expect((await statuses("paymentRequestsV2.createPaymentRequest")).slice(before)).toEqual([500])
  })

  it("resends a create after 503 ERR_9100_011 (not processed) and creates exactly one request", async () => {
    const before = (await statuses("paymentRequestsV2.createPaymentRequest")).length
    const total = (await env.client.listPaymentRequests({ pageNumber: 0, pageSize: 1 })).totalElementCount
    await env.control.injectFault("paymentRequestsV2.createPaymentRequest", "503", 1)
    const created = await env.client.createPaymentRequest({ description: "After 503", amountInCents: 100 })
    expect(created.status).toBe("OPEN")
    expect((await statuses("paymentRequestsV2.createPaymentRequest")).slice(before)).toEqual([503, 201])
    expect((await env.client.listPaymentRequests({ pageNumber: 0, pageSize: 1 })).totalElementCount).toBe(total + 1)
  })

  it.each([
    ["drop-after", { kind: "network", status: undefined }],
    ["500-after", { kind: "service", status: 500 }],
  ] as const)(
    "with fault %s, carries the create out and loses the answer: the request exists, the client was not told",
    async (fault, seen) => {
      const total = (await env.client.listPaymentRequests({ pageNumber: 0, pageSize: 1 })).totalElementCount
      await env.control.injectFault("paymentRequestsV2.createPaymentRequest", fault, 1)
      const e = await caught(() =>
        env.client.createPaymentRequest({ description: `Lost answer ${fault}`, amountInCents: 100 })
      )
      expect({ kind: e.kind, status: e.status, mayHaveReachedService: e.mayHaveReachedService }).toEqual({
        ...seen,
        mayHaveReachedService: true,
      })
      const newest = await env.client.listPaymentRequests({ pageNumber: 0, pageSize: 1 })
      expect(newest.totalElementCount).toBe(total + 1)
      expect(newest.paymentRequests[0].description).toBe(`Lost answer ${fault}`)
    }
  )

  it("gives up after the configured retries with the service's last error", async () => {
    await env.control.injectFault("paymentRequestsV2.listPaymentRequests", "503", FAST_RETRY.retries + 1)
    const e = await caught(() => env.client.listPaymentRequests({ pageNumber: 0, pageSize: 5 }))
    expect({ code: e.code, status: e.status }).toEqual({ code: "ERR_9100_011", status: 503 })
  })

  it("logs retries without the API key or app token", () => {
    expect(warnings.length).toBeGreaterThan(0)
    for (const w of warnings) {
      expect(w).not.toContain(API_KEY)
      expect(w).not.toContain(env.appToken)
    }
  })
})

describe("payment requests v2: secrets never appear in errors", () => {
  const APP_TOKEN = "6f0a8a4e-3c1d-4b7e-9d2f-5a6b7c8d9e0f"
  let echo: http.Server
  let echoUrl: string

  beforeAll(async () => {
    // A badly behaved service that repeats the caller's credentials in its error messages.
    echo = http.createServer((req, res) => {
      const key = String(req.headers["api-key"])
      const app = String(req.headers["x-app-token"])
      res.writeHead(401, { "content-type": "application/json", "trace-id": "echo-trace" })
      res.end(
        JSON.stringify({
          errors: [{ code: "APP_TOKEN_INVALID", message: `key ${key} with app ${app} refused`, status: 401 }],
        })
      )
    })
    await new Promise<void>((r) => echo.listen(0, "127.0.0.1", r))
    echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((r) => echo.close(() => r())))

  const expectClean = (e: Error) => {
    const text = `${e.message} ${JSON.stringify(e)} ${String(e)}`
    expect(text).not.toContain(API_KEY)
    expect(text).not.toContain(APP_TOKEN)
  }

  it("redacts credentials a service repeats in its error body", async () => {
    const client = new PaymentRequestsClient({ apiKey: API_KEY, appToken: APP_TOKEN, baseUrl: echoUrl })
    const e = await caught(() => client.getPaymentRequest("AAAAAAAAAAAAAAAAAAAAAA"))
    await client.close()
    expect(e.code).toBe("APP_TOKEN_INVALID")
    expect(e.message).toMatch(/key \[redacted\] with app \[redacted\] refused/)
    expectClean(e)
  })

  it("keeps credentials out of local, network and sandbox errors", async () => {
    const env = await startV2()
    const client = new PaymentRequestsClient({
      apiKey: API_KEY,
      appToken: APP_TOKEN,
      baseUrl: env.sandbox.url,
      retry: FAST_RETRY,
    })
    const stopped = new PaymentRequestsClient({
      apiKey: API_KEY,
      appToken: APP_TOKEN,
      baseUrl: "http://127.0.0.1:9",
      retry: { retries: 0 },
    })
    try {
      const local = await caught(() => client.createPaymentRequest({ description: API_KEY.repeat(2) }))
      expect(local.code).toBe("DESCRIPTION_MAX_LENGTH_EXCEEDED")
      expectClean(local)
      const service = await caught(() => client.listPaymentRequests({ pageNumber: 0, pageSize: 1 }))
      expect(service.code).toBe("APP_TOKEN_INVALID")
      expectClean(service)
      const network = await caught(() => stopped.getPaymentRequest("AAAAAAAAAAAAAAAAAAAAAA"))
      expect(network.kind).toBe("network")
      expectClean(network)
    } finally {
      await client.close()
      await stopped.close()
      await env.close()
    }
  })
})
