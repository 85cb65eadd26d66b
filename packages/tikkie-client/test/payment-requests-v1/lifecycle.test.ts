import http from "node:http"
import type { AddressInfo } from "node:net"
import { request } from "undici"
import { V1_ERRORS, type PaymentRequestsV1Client } from "../../src/payment-requests/v1"
import {
  expectV1Error,
  newApiKey,
  paymentRequestBody,
  platformBody,
  raw,
  seedUser,
  startV1Env,
  userBody,
  type V1Env,
} from "./helpers"

describe("payment requests v1: states, payments, payment page and notifications", () => {
  let env: V1Env
  let client: PaymentRequestsV1Client
  beforeAll(async () => {
    env = await startV1Env()
    // A fresh token per call: the expiry tests move sandbox time past the tokens' two hours.
    client = await env.client({ accessToken: () => env.token() })
  })
  afterAll(() => env.close())

  /** Each request gets its own client (API key), platform and user, so no test meets another's maximum. */
  async function newRequest(body: Record<string, unknown> = {}) {
    const own = await env.client({ accessToken: () => env.token() })
    const s = await seedUser(own)
    const { paymentRequestToken, paymentRequestUrl } = await own.createPaymentRequest(
      s.platformToken,
      s.userToken,
      s.bankAccountToken,
      paymentRequestBody(body)
    )
    return {
      ...s,
      paymentRequestToken,
      paymentRequestUrl,
      client: own,
      read: () => own.getPaymentRequest(s.platformToken, s.userToken, paymentRequestToken),
      pay: (payBody: Record<string, unknown> = {}) =>
        raw(env.url, "POST", `/_sandbox/v1/paymentrequests/${paymentRequestToken}/pay`, { body: payBody }),
    }
  }

  const openAmount = { amountInCents: undefined }

  describe("fixed amount", () => {
    it("stays OPEN after a NOT_PAID payment, which the read does not list", async () => {
      const r = await newRequest()
      const res = await r.pay({ onlinePaymentStatus: "NOT_PAID" })
      expect(res.status).toBe(201)
      expect(res.body.payment.onlinePaymentStatus).toBe("NOT_PAID")
      const read = await r.read()
      expect(read.status).toBe("OPEN")
      expect(read.payments).toEqual([])
    })

    it("moves to MAX_SUCCESSFUL_PAYMENTS_REACHED after one PAID payment, listing only that payment", async () => {
      const r = await newRequest()
      await r.pay({ onlinePaymentStatus: "NOT_PAID" })
      const paid = await r.pay({ counterPartyName: "Jan Jansen" })
      expect(paid.status).toBe(201)
      const read = await r.read()
      expect(read.status).toBe("MAX_SUCCESSFUL_PAYMENTS_REACHED")
      expect(read.payments).toEqual([
        {
          payId: paid.body.payment.payId,
          paymentToken: paid.body.payment.paymentToken,
          counterPartyName: "Jan Jansen",
          amountInCents: 1250,
          amountCurrency: "EUR",
          description: "Order 1001",
          created: expect.any(String),
          onlinePaymentStatus: "PAID",
        },
      ])
      const listed = await r.client.listPaymentRequests(r.platformToken, r.userToken, { offset: 0, limit: 5 })
      expect(listed.paymentRequests[0].payments).toHaveLength(1)
      expectV1Error(await r.pay(), 400, V1_ERRORS.SEE_MESSAGE, /MAX_SUCCESSFUL_PAYMENTS_REACHED and takes no payments/)
    })

    it("refuses a payment of another amount than the one asked", async () => {
      const r = await newRequest()
      expectV1Error(await r.pay({ amountInCents: 1000 }), 400, V1_ERRORS.INVALID_INPUT, /exactly € 12,50/)
      expect((await r.read()).status).toBe("OPEN")
    })
  })

  describe("open amount", () => {
    it("takes several payments until the paid total reaches the maximum yield (MAX_YIELD_REACHED)", async () => {
      const r = await newRequest(openAmount)
      expectV1Error(await r.pay({}), 400, V1_ERRORS.PARAMETER_MISSING, /amountInCents is missing/)
      expect((await r.pay({ amountInCents: 300_000 })).status).toBe(201)
      expect((await r.pay({ amountInCents: "200000" })).status).toBe(201)
      expect((await r.read()).status).toBe("OPEN")
      expectV1Error(
        await r.pay({ amountInCents: 500_000 }),
        400,
        V1_ERRORS.SEE_MESSAGE,
        /may still receive \(€ 4999,99\)/
      )
      expect((await r.pay({ amountInCents: 499_999 })).status).toBe(201)
      const read = await r.read()
      expect(read.status).toBe("MAX_YIELD_REACHED")
      expect(read.payments.map((p) => p.amountInCents)).toEqual([300_000, 200_000, 499_999])
    })
  })

  it("closes an OPEN request through the control (CLOSED), which then takes no payments", async () => {
    const r = await newRequest()
    const closed = await raw(env.url, "POST", `/_sandbox/v1/paymentrequests/${r.paymentRequestToken}/close`)
    expect(closed.status).toBe(200)
    expect((await r.read()).status).toBe("CLOSED")
    expectV1Error(await r.pay(), 400, V1_ERRORS.SEE_MESSAGE, /CLOSED/)
    expectV1Error(
      await raw(env.url, "POST", `/_sandbox/v1/paymentrequests/${r.paymentRequestToken}/close`),
      400,
      V1_ERRORS.SEE_MESSAGE,
      /only an OPEN/
    )
  })

  it("refuses a pay control on an unknown request, or with a bad body, without crashing", async () => {
    expectV1Error(
      await raw(env.url, "POST", "/_sandbox/v1/paymentrequests/nope/pay", { body: {} }),
      400,
      V1_ERRORS.PAYMENT_REQUEST_NOT_FOUND
    )
    const r = await newRequest()
    expectV1Error(await r.pay({ onlinePaymentStatus: "PENDING" }), 400, V1_ERRORS.INVALID_INPUT, /onlinePaymentStatus/)
    expectV1Error(await r.pay({ amountInCents: "12,50" }), 400, V1_ERRORS.INVALID_INPUT, /amountInCents/)
    expect((await r.read()).status).toBe("OPEN")
  })

  it("lists every platform with all payments in GET /_sandbox/v1/platforms, without the API key", async () => {
    const apiKey = newApiKey()
    const own = await env.client({ apiKey })
    const s = await seedUser(own)
    const { paymentRequestToken } = await own.createPaymentRequest(
      s.platformToken,
      s.userToken,
      s.bankAccountToken,
      paymentRequestBody()
    )
    await raw(env.url, "POST", `/_sandbox/v1/paymentrequests/${paymentRequestToken}/pay`, {
      body: { onlinePaymentStatus: "NOT_PAID" },
    })
    const res = await raw(env.url, "GET", "/_sandbox/v1/platforms")
    expect(res.status).toBe(200)
    expect(res.text).not.toContain(apiKey)
    const platform = res.body.platforms.find((p: { platformToken: string }) => p.platformToken === s.platformToken)
    expect(platform.client).toMatch(/^[0-9a-f]{12}$/)
    expect(platform.users[0].paymentRequests[0].payments).toEqual([
      expect.objectContaining({ onlinePaymentStatus: "NOT_PAID" }),
    ])
  })

  describe("payment page", () => {
    async function submit(url: string, fields: Record<string, string>) {
      const res = await request(url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      })
      return { status: res.statusCode, html: await res.body.text(), type: res.headers["content-type"] }
    }
    async function view(url: string) {
      const res = await request(url)
      return { status: res.statusCode, html: await res.body.text(), type: res.headers["content-type"] }
    }

    it("shows a fixed amount with Pay and Pay fails buttons, and escapes the request's text", async () => {
      const r = await newRequest({ description: "<script>alert(1)</script>" })
      const page = await view(r.paymentRequestUrl)
      expect(page.status).toBe(200)
      expect(page.type).toMatch(/text\/html/)
      expect(page.html).toContain("€ 12,50")
      expect(page.html).toMatch(/<button[^>]*value="pay"[^>]*>Pay<\/button>/)
      expect(page.html).toMatch(/<button[^>]*value="fail"[^>]*>Pay fails<\/button>/)
      expect(page.html).toContain('name="counterPartyName"')
      expect(page.html).not.toContain('name="amount"')
      expect(page.html).not.toContain("<script>alert(1)")
      expect(page.html).toContain("&#60;script&#62;")
    })

    it("lets a person pay a fixed amount; the page then says it can no longer be paid", async () => {
      const r = await newRequest()
      const done = await submit(r.paymentRequestUrl, { counterPartyName: "Piet", action: "pay" })
      expect(done.status).toBe(200)
      expect(done.html).toContain('data-status="PAID"')
      expect(done.html).toContain("Paid € 12,50")
      const read = await r.read()
      expect(read.payments).toEqual([
        expect.objectContaining({ counterPartyName: "Piet", amountInCents: 1250, onlinePaymentStatus: "PAID" }),
      ])
      expect(done.html).toContain(read.payments[0].payId)
      const after = await view(r.paymentRequestUrl)
      expect(after.html).toContain('data-status="MAX_SUCCESSFUL_PAYMENTS_REACHED"')
      expect(after.html).not.toContain("<form")
    })

    it("reads a typed open amount such as 12,50 exactly into cents", async () => {
      const r = await newRequest(openAmount)
      const page = await view(r.paymentRequestUrl)
      expect(page.html).toContain('name="amount"')
      expect((await submit(r.paymentRequestUrl, { amount: "12,50", action: "pay" })).status).toBe(200)
      expect((await submit(r.paymentRequestUrl, { amount: "0.07", action: "pay" })).status).toBe(200)
      expect((await submit(r.paymentRequestUrl, { amount: "€ 3", action: "pay" })).status).toBe(200)
      const read = await r.read()
      expect(read.payments.map((p) => p.amountInCents)).toEqual([1250, 7, 300])
      expect(read.status).toBe("OPEN")
    })

    it.each([["1.250"], ["12,505"], ["abc"], ["0"], ["10000,00"], [""]])(
      "refuses the open amount %p with a message on the page",
      async (amount) => {
        const r = await newRequest(openAmount)
        const res = await submit(r.paymentRequestUrl, { amount, action: "pay" })
        expect(res.status).toBe(400)
        expect(res.html).toContain('id="problem"')
        expect(res.html).toContain("for example 12,50")
        expect((await r.read()).payments).toEqual([])
      }
    )

    it("records a NOT_PAID payment with Pay fails, leaving the request OPEN", async () => {
      const r = await newRequest()
      const res = await submit(r.paymentRequestUrl, { action: "fail" })
      expect(res.status).toBe(200)
      expect(res.html).toContain('data-status="NOT_PAID"')
      const read = await r.read()
      expect(read.status).toBe("OPEN")
      expect(read.payments).toEqual([])
    })

    it("answers a page for an unknown link with 404, and a forged form with 400", async () => {
      const missing = await view(`${env.url}/pay/v1/no-such-request`)
      expect(missing.status).toBe(404)
      expect(missing.html).toContain("Payment request not found")
      const r = await newRequest()
      const forged = await submit(r.paymentRequestUrl, { action: "refund" })
      expect(forged.status).toBe(400)
      expect((await r.read()).payments).toEqual([])
    })
  })

  describe("notifications to the platform's notificationUrl (sandbox-only body)", () => {
    let receiver: http.Server
    let receiverUrl: string
    const received: unknown[] = []
    beforeAll(async () => {
      receiver = http.createServer((req, res) => {
        let data = ""
        req.on("data", (c) => (data += c))
        req.on("end", () => {
          received.push(JSON.parse(data))
          res.writeHead(204).end()
        })
      })
      await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve))
      receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/tikkie`
    })
    afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())))

    it("POSTs the tokens after a PAID payment, and nothing after a NOT_PAID one", async () => {
      const platform = await client.createPlatform(platformBody({ notificationUrl: receiverUrl }))
      const user = await client.createUser(platform.platformToken, userBody())
      const { paymentRequestToken } = await client.createPaymentRequest(
        platform.platformToken,
        user.userToken,
        user.bankAccounts[0].bankAccountToken,
        paymentRequestBody()
      )
      const pay = (body: unknown) =>
        raw(env.url, "POST", `/_sandbox/v1/paymentrequests/${paymentRequestToken}/pay`, { body })
      await pay({ onlinePaymentStatus: "NOT_PAID" })
      const paid = await pay({})
      await env.sandbox.context.deliveries.idle()
      expect(received).toEqual([
        {
          sandboxOnly: true,
          notificationType: "PAYMENT",
          platformToken: platform.platformToken,
          userToken: user.userToken,
          paymentRequestToken,
          paymentToken: paid.body.payment.paymentToken,
        },
      ])
      const deliveries = await env.control.deliveries("paymentRequestsV1.notification")
      expect(deliveries.filter((d) => d.url === receiverUrl).map((d) => d.state)).toEqual(["delivered"])
    })
  })

  // Moves sandbox time by 14 days: kept last in this file.
  describe("expiry after 14 days", () => {
    it("reads OPEN until 14 days after creation and EXPIRED from that moment; the page and payments stop", async () => {
      const r = await newRequest()
      const paidBefore = await newRequest()
      await paidBefore.pay()
      await env.control.advanceClock(14 * 24 * 3_600 - 1)
      expect((await r.read()).status).toBe("OPEN")
      await env.control.advanceClock(1)
      const read = await r.read()
      expect(read.status).toBe("EXPIRED")
      expect(Date.parse(read.expired!)).toBeLessThanOrEqual(
        Date.parse((await env.control.get<{ now: string }>("/_sandbox/stats")).now)
      )
      const listed = await r.client.listPaymentRequests(r.platformToken, r.userToken, { offset: 0, limit: 5 })
      expect(listed.paymentRequests[0].status).toBe("EXPIRED")
      expectV1Error(await r.pay(), 400, V1_ERRORS.SEE_MESSAGE, /EXPIRED/)
      const page = await request(r.paymentRequestUrl)
      expect(await page.body.text()).toContain('data-status="EXPIRED"')
      // A request that reached its end state before the expiry moment keeps it.
      expect((await paidBefore.read()).status).toBe("MAX_SUCCESSFUL_PAYMENTS_REACHED")
    })
  })
})
