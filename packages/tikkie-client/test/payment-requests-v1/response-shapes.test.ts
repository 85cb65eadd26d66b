import http from "node:http"
import type { AddressInfo } from "node:net"
import { PaymentRequestsV1Client } from "../../src/payment-requests/v1"
import {
  CreatePaymentRequestAnswerSchema,
  PaymentRequestListSchema,
  PaymentRequestSchema,
} from "../../src/payment-requests/v1/schemas"
import { caught } from "./helpers"

/**
 * The response schemas accept the variants the documents and public material show: `paymentRequestURL`,
 * numbers where strings are documented and the reverse, `expired: null`, epoch-millisecond dates. A small
 * real HTTP server answers in those variants, so the client is tested over the wire like against the service.
 */
describe("payment requests v1: tolerant response schemas", () => {
  let server: http.Server
  let baseUrl: string
  let next: { status: number; body: string } = { status: 200, body: "{}" }
  const seen: Array<{ method?: string; url?: string; auth?: string; apiKey?: string }> = []

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push({
        method: req.method,
        url: req.url,
        auth: req.headers.authorization,
        apiKey: req.headers["api-key"] as string,
      })
      req.resume()
      req.on("end", () => {
        res.writeHead(next.status, { "content-type": "application/json", "trace-id": "trace-from-fake" })
        res.end(next.body)
      })
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  function client() {
    return new PaymentRequestsV1Client({
      apiKey: "fake-api-key-123",
      accessToken: "fake-bearer-token-456",
      baseUrl,
      retry: { retries: 0 },
    })
  }

  it("reads paymentRequestURL (the sample's spelling) as paymentRequestUrl", async () => {
    next = {
      status: 201,
      body: JSON.stringify({
        paymentRequestURL: "https://tikkie.me/pay/abc",
        paymentRequestToken: "abc",
        externalId: "INV-1",
      }),
    }
    const c = client()
    const answer = await c.createPaymentRequest("p", "u", "b", {
      amountInCents: "100",
      currency: "EUR",
      description: "d",
      externalId: "INV-1",
    })
    expect(answer).toEqual({
      paymentRequestUrl: "https://tikkie.me/pay/abc",
      paymentRequestToken: "abc",
      externalId: "INV-1",
    })
    expect(seen.at(-1)).toEqual({
      method: "POST",
      url: "/v1/pay/platforms/p/users/u/bankaccounts/b/paymentrequests",
      auth: "Bearer fake-bearer-token-456",
      apiKey: "fake-api-key-123",
    })
    await c.close()
  })

  it("refuses a create answer with neither spelling of the URL as INVALID_RESPONSE", async () => {
    next = { status: 201, body: JSON.stringify({ paymentRequestToken: "abc" }) }
    const c = client()
    const err = await caught(() =>
      c.createPaymentRequest("p", "u", "b", { currency: "EUR", description: "d", externalId: "x" })
    )
    expect(err).toMatchObject({ kind: "response", code: "INVALID_RESPONSE" })
    expect(err.message).toMatch(/paymentRequestUrl/)
    await c.close()
  })

  it("reads amounts given as numbers, epoch-millisecond dates, expired null and totalElements as a string", async () => {
    const created = Date.UTC(2024, 4, 1, 10, 0, 0)
    next = {
      status: 200,
      body: JSON.stringify({
        paymentRequests: [
          {
            paymentRequestToken: "t1",
            amountInCents: 1250,
            currency: "EUR",
            description: "Order",
            created,
            expired: null,
            status: "OPEN",
            bankAccountYieldedTooFast: "false",
            externalId: null,
            payments: [
              {
                payId: 123456,
                onlinePaymentStatus: "PAID",
                amountInCents: "1250",
                created: "2024-05-01T12:00:00+02:00",
              },
            ],
          },
        ],
        totalElements: "1",
      }),
    }
    const c = client()
    const list = await c.listPaymentRequests("p", "u", { offset: 0, limit: 10 })
    expect(list).toEqual({
      totalElements: 1,
      paymentRequests: [
        {
          paymentRequestToken: "t1",
          amountInCents: 1250,
          currency: "EUR",
          description: "Order",
          created: "2024-05-01T10:00:00.000Z",
          expired: null,
          status: "OPEN",
          bankAccountYieldedTooFast: false,
          externalId: undefined,
          payments: [
            {
              payId: "123456",
              paymentToken: undefined,
              counterPartyName: undefined,
              amountInCents: 1250,
              amountCurrency: undefined,
              description: undefined,
              created: "2024-05-01T10:00:00.000Z",
              onlinePaymentStatus: "PAID",
            },
          ],
        },
      ],
    })
    expect(seen.at(-1)?.url).toBe("/v1/pay/platforms/p/users/u/paymentrequests?offset=0&limit=10")
    await c.close()
  })

  it("refuses amounts that are not whole cents, unknown states and unreadable dates", () => {
    const base = {
      paymentRequestToken: "t",
      amountInCents: "1250",
      currency: "EUR",
      description: "d",
      created: "2024-05-01T10:00:00Z",
      expired: null,
      status: "OPEN",
    }
    expect(PaymentRequestSchema.safeParse(base).success).toBe(true)
    expect(PaymentRequestSchema.safeParse({ ...base, amountInCents: "12.50" }).success).toBe(false)
    expect(PaymentRequestSchema.safeParse({ ...base, amountInCents: 12.5 }).success).toBe(false)
    expect(PaymentRequestSchema.safeParse({ ...base, status: "GONE" }).success).toBe(false)
    expect(PaymentRequestSchema.safeParse({ ...base, created: "not a date" }).success).toBe(false)
    expect(PaymentRequestListSchema.safeParse({ paymentRequests: [], totalElements: "-1" }).success).toBe(false)
    expect(
      CreatePaymentRequestAnswerSchema.parse({
        paymentRequestUrl: "u",
        paymentRequestURL: "other",
        paymentRequestToken: 7,
      })
    ).toEqual({
      paymentRequestUrl: "u",
      paymentRequestToken: "7",
      externalId: undefined,
    })
  })

  it("reads an error body from the service and never repeats the secrets it echoes", async () => {
    next = {
      status: 401,
      body: JSON.stringify({
        errors: [
          {
            code: "ERR_2002_002",
            message: "token fake-bearer-token-456 for key fake-api-key-123 not valid",
            status: 401,
            category: "UNAUTHORIZED",
            traceId: "t-1",
          },
        ],
      }),
    }
    const c = client()
    const err = await caught(() => c.listPlatforms())
    expect(err).toMatchObject({ code: "ERR_2002_002", status: 401, traceId: "t-1" })
    for (const text of [err.message, JSON.stringify(err)]) {
      expect(text).not.toContain("fake-bearer-token-456")
      expect(text).not.toContain("fake-api-key-123")
    }
    await c.close()
  })
})
