import http from "node:http"
import type { AddressInfo } from "node:net"
import { PaymentRequestNotificationSchema, PaymentRequestsClient } from "../../src/payment-requests/v2"
import { PaymentRequestSchema, PaymentSchema, RefundSchema } from "../../src/payment-requests/v2/schemas"
import { API_KEY, caught } from "./helpers"

/** The response schemas accept what the live service has been seen to send. */
describe("payment requests v2: tolerant response schemas", () => {
  const CREATED_MS = Date.UTC(2024, 4, 1, 10, 30, 0, 123)
  const record = {
    paymentRequestToken: "qzdnzr8hnVWTgXXcFRLUMc",
    url: "https://tikkie.me/pay/Tikkie/qzdnzr8hnVWTgXXcFRLUMc",
    amountInCents: "1250",
    description: "Invoice",
    createdDateTime: CREATED_MS,
    expiryDate: "2024-05-15",
    status: "OPEN",
    numberOfPayments: "1",
    totalAmountPaidInCents: 1250,
    bankAccountNumber: "NL02ABNA0123456789",
  }

  it("turns epoch milliseconds (number or digit string) into ISO-8601 and numeric strings into integers", () => {
    const parsed = PaymentRequestSchema.parse(record)
    expect(parsed).toEqual(
      expect.objectContaining({
        amountInCents: 1250,
        numberOfPayments: 1,
        createdDateTime: "2024-05-01T10:30:00.123Z",
        bankAccountNumber: "NL02ABNA0123456789",
      })
    )
    expect(PaymentRequestSchema.parse({ ...record, createdDateTime: String(CREATED_MS) }).createdDateTime).toBe(
      "2024-05-01T10:30:00.123Z"
    )
    expect(
      PaymentRequestSchema.parse({ ...record, createdDateTime: "2024-05-01T12:30:00+02:00" }).createdDateTime
    ).toBe("2024-05-01T12:30:00+02:00")
  })

  it("reads an expiryDate sent as epoch milliseconds as the Amsterdam calendar date", () => {
    // 22:30 UTC on 14 May is already 15 May in Amsterdam (CEST, UTC+2).
    expect(PaymentRequestSchema.parse({ ...record, expiryDate: Date.UTC(2024, 4, 14, 22, 30) }).expiryDate).toBe(
      "2024-05-15"
    )
  })

  it("reads null and absent optional fields as undefined, and refuses what is not a date or an unknown status", () => {
    const open = PaymentRequestSchema.parse({ ...record, amountInCents: null, referenceId: null })
    expect(open.amountInCents).toBeUndefined()
    expect(open.referenceId).toBeUndefined()
    expect(PaymentRequestSchema.safeParse({ ...record, createdDateTime: "yesterday" }).success).toBe(false)
    expect(PaymentRequestSchema.safeParse({ ...record, status: "PAID" }).success).toBe(false)
    expect(PaymentRequestSchema.safeParse({ ...record, amountInCents: "12.50" }).success).toBe(false)
  })

  it("reads payments and refunds with epoch dates and a numeric tikkieId", () => {
    const payment = PaymentSchema.parse({
      paymentToken: "p1",
      tikkieId: 100000000001,
      counterPartyName: "A",
      counterPartyAccountNumber: "NL02ABNA0123456789",
      amountInCents: "500",
      description: "d",
      createdDateTime: CREATED_MS,
      refunds: [
        { refundToken: "r1", amountInCents: "100", description: "x", createdDateTime: CREATED_MS, status: "PAID" },
      ],
    })
    expect(payment.tikkieId).toBe("100000000001")
    expect(payment.refunds?.[0]).toEqual(
      expect.objectContaining({ amountInCents: 100, createdDateTime: "2024-05-01T10:30:00.123Z", status: "PAID" })
    )
    expect(
      RefundSchema.safeParse({
        refundToken: "r",
        amountInCents: 1,
        description: "x",
        createdDateTime: CREATED_MS,
        status: "DONE",
      }).success
    ).toBe(false)
  })

  it("the client hands back ISO-8601 dates when a service answers epoch milliseconds", async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" })
      res.end(JSON.stringify(record))
    })
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r))
    const client = new PaymentRequestsClient({
      apiKey: API_KEY,
      appToken: "6f0a8a4e-3c1d-4b7e-9d2f-5a6b7c8d9e0f",
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    })
    try {
      const read = await client.getPaymentRequest(record.paymentRequestToken)
      expect({ created: read.createdDateTime, amount: read.amountInCents }).toEqual({
        created: "2024-05-01T10:30:00.123Z",
        amount: 1250,
      })
    } finally {
      await client.close()
      await new Promise<void>((r) => server.close(() => r()))
    }
  })

  it("the client refuses an answer without the documented shape as INVALID_RESPONSE", async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(201, { "content-type": "application/json" })
      res.end(JSON.stringify({ token: "x" }))
    })
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r))
    const client = new PaymentRequestsClient({
      apiKey: API_KEY,
      appToken: "6f0a8a4e-3c1d-4b7e-9d2f-5a6b7c8d9e0f",
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    })
    try {
      const e = await caught(() => client.createPaymentRequest({ description: "Shape" }))
      expect({ kind: e.kind, code: e.code }).toEqual({ kind: "response", code: "INVALID_RESPONSE" })
      expect(e.message).toMatch(/paymentRequestToken/)
    } finally {
      await client.close()
      await new Promise<void>((r) => server.close(() => r()))
    }
  })
})

describe("payment requests v2: notification schema", () => {
  const base = { subscriptionId: "s-1", paymentRequestToken: "pr", paymentToken: "p" }

  it("accepts PAYMENT and REFUND notifications, keeping unknown extra fields", () => {
    expect(PaymentRequestNotificationSchema.parse({ ...base, notificationType: "PAYMENT", extra: 1 })).toEqual({
      ...base,
      notificationType: "PAYMENT",
      extra: 1,
    })
    expect(
      PaymentRequestNotificationSchema.parse({ ...base, notificationType: "REFUND", refundToken: "r" }).notificationType
    ).toBe("REFUND")
  })

  it("refuses a REFUND without refundToken, an unknown type, and a notification without subscriptionId", () => {
    expect(PaymentRequestNotificationSchema.safeParse({ ...base, notificationType: "REFUND" }).success).toBe(false)
    expect(PaymentRequestNotificationSchema.safeParse({ ...base, notificationType: "PAYOUT" }).success).toBe(false)
    expect(
      PaymentRequestNotificationSchema.safeParse({
        notificationType: "PAYMENT",
        paymentRequestToken: "pr",
        paymentToken: "p",
      }).success
    ).toBe(false)
  })
})
