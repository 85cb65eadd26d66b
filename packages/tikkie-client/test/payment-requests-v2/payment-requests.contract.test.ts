import { addDays, amsterdamDate } from "../../src/payment-requests/v2/amsterdam-date"
import { PaymentRequestsClient } from "../../src/payment-requests/v2"
import {
  API_KEY,
  appHeaders,
  caught,
  expectErrorBody,
  newApp,
  pay,
  raw,
  received,
  startV2,
  type V2Env,
} from "./helpers"

/** Create and read payment requests, through the client and through raw HTTP. */
describe("payment requests v2: create and get", () => {
  let env: V2Env
  beforeAll(async () => {
    env = await startV2()
  })
  afterAll(() => env.close())

  it("creates a fixed-amount request: 201, OPEN, a payment page url, and a 14-day default expiry (Amsterdam dates)", async () => {
    const res = await raw(env.sandbox.url, "POST", "/v2/pay/paymentrequests", {
      headers: appHeaders(env.appToken),
      json: { description: "Invoice 2024-001", amountInCents: 1250, referenceId: "inv-2024-001" },
    })
    expect(res.status).toBe(201)
    expect(res.traceId).toMatch(/^[0-9a-f-]{36}$/)
    const body = res.body as Record<string, unknown>
    expect(body).toEqual({
      paymentRequestToken: expect.stringMatching(/^[A-Za-z0-9]{22}$/),
      url: `${env.sandbox.url}/pay/v2/${body.paymentRequestToken}`,
      amountInCents: 1250,
      description: "Invoice 2024-001",
      referenceId: "inv-2024-001",
      createdDateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      expiryDate: addDays(amsterdamDate(Date.now()), 14),
      status: "OPEN",
    })
  })

  it("creates an open-amount request through the client: no amountInCents, and GET adds the payment totals", async () => {
    const created = await env.client.createPaymentRequest({ description: "Split the bill", expiryDate: "2099-12-31" })
    expect(created.amountInCents).toBeUndefined()
    expect(created.expiryDate).toBe("2099-12-31")
    const read = await env.client.getPaymentRequest(created.paymentRequestToken)
    expect(read).toEqual(
      expect.objectContaining({
        paymentRequestToken: created.paymentRequestToken,
        description: "Split the bill",
        status: "OPEN",
        numberOfPayments: 0,
        totalAmountPaidInCents: 0,
      })
    )
    expect(read.amountInCents).toBeUndefined()
  })

  it("allows today's date (Europe/Amsterdam) as expiryDate", async () => {
    const today = amsterdamDate(Date.now())
    const created = await env.client.createPaymentRequest({
      description: "Due today",
      amountInCents: 100,
      expiryDate: today,
    })
    expect(created).toEqual(expect.objectContaining({ expiryDate: today, status: "OPEN" }))
  })

  it("counts description length in characters, so 35 emoji are allowed and 36 are not", async () => {
    const created = await env.client.createPaymentRequest({ description: "☕".repeat(35), amountInCents: 350 })
    expect(created.description).toBe("☕".repeat(35))
    const e = await caught(() => env.client.createPaymentRequest({ description: "☕".repeat(36), amountInCents: 350 }))
    expect(e.code).toBe("DESCRIPTION_MAX_LENGTH_EXCEEDED")
  })

  const yesterday = () => addDays(amsterdamDate(Date.now()), -1)
  const refused: Array<[string, () => unknown, string]> = [
    ["no description", () => ({ amountInCents: 100 }), "DESCRIPTION_MISSING"],
    ["a blank description", () => ({ description: "   ", amountInCents: 100 }), "DESCRIPTION_MISSING"],
    ["a 36-character description", () => ({ description: "x".repeat(36) }), "DESCRIPTION_MAX_LENGTH_EXCEEDED"],
    ["amountInCents 0", () => ({ description: "d", amountInCents: 0 }), "AMOUNT_IN_CENTS_INVALID"],
    ["a negative amount", () => ({ description: "d", amountInCents: -5 }), "AMOUNT_IN_CENTS_INVALID"],
    ["a fractional amount", () => ({ description: "d", amountInCents: 12.5 }), "AMOUNT_IN_CENTS_INVALID"],
    ["an amount sent as a string", () => ({ description: "d", amountInCents: "1250" }), "AMOUNT_IN_CENTS_INVALID"],
    [
      "an amount above 999,999 cents",
      () => ({ description: "d", amountInCents: 1_000_000 }),
      "PAYMENT_REQUEST_MAX_AMOUNT_EXCEEDED",
    ],
    ["expiryDate 2099-02-30", () => ({ description: "d", expiryDate: "2099-02-30" }), "EXPIRY_DATE_INVALID"],
    ["expiryDate in another format", () => ({ description: "d", expiryDate: "31-12-2099" }), "EXPIRY_DATE_INVALID"],
    ["expiryDate yesterday", () => ({ description: "d", expiryDate: yesterday() }), "EXPIRY_DATE_NOT_ALLOWED"],
    [
      "a referenceId with a forbidden character",
      () => ({ description: "d", referenceId: "inv#1" }),
      "REFERENCE_ID_INVALID",
    ],
    ["an empty referenceId", () => ({ description: "d", referenceId: "" }), "REFERENCE_ID_INVALID"],
    ["a 36-character referenceId", () => ({ description: "d", referenceId: "r".repeat(36) }), "REFERENCE_ID_INVALID"],
    ["an unknown field", () => ({ description: "d", amountInCent: 100 }), "UNKNOWN_FIELD"],
  ]

  it.each(refused)("refuses %s locally with its code, and sends nothing", async (_name, body, code) => {
    const before = await received(env.control, "paymentRequestsV2.createPaymentRequest")
    const e = await caught(() => env.client.createPaymentRequest(body() as never))
    expect({ kind: e.kind, code: e.code, status: e.status, mayHaveReachedService: e.mayHaveReachedService }).toEqual({
      kind: "local",
      code,
      status: 400,
      mayHaveReachedService: false,
    })
    expect(await received(env.control, "paymentRequestsV2.createPaymentRequest")).toBe(before)
  })

  it.each(refused)("the sandbox refuses %s with 400, its code and the error body", async (_name, body, code) => {
    const res = await raw(env.sandbox.url, "POST", "/v2/pay/paymentrequests", {
      headers: appHeaders(env.appToken),
      json: body(),
    })
    expectErrorBody(res, 400, code)
  })

  it("answers a body that is not JSON, or not an object, with INVALID_REQUEST_BODY and keeps serving", async () => {
    const notJson = await raw(env.sandbox.url, "POST", "/v2/pay/paymentrequests", {
      headers: appHeaders(env.appToken),
      body: "{description:",
    })
    expectErrorBody(notJson, 400, "INVALID_REQUEST_BODY")
    const array = await raw(env.sandbox.url, "POST", "/v2/pay/paymentrequests", {
      headers: appHeaders(env.appToken),
      json: [1],
    })
    expectErrorBody(array, 400, "INVALID_REQUEST_BODY")
    const empty = await raw(env.sandbox.url, "POST", "/v2/pay/paymentrequests", { headers: appHeaders(env.appToken) })
    expectErrorBody(empty, 400, "INVALID_REQUEST_BODY")
    expect((await env.client.createPaymentRequest({ description: "still up" })).status).toBe("OPEN")
  })

  it("answers PAYMENT_REQUEST_NOT_FOUND (404) for an unknown token and for another app's request", async () => {
    const unknown = await raw(env.sandbox.url, "GET", "/v2/pay/paymentrequests/AAAAAAAAAAAAAAAAAAAAAA", {
      headers: appHeaders(env.appToken),
    })
    expectErrorBody(unknown, 404, "PAYMENT_REQUEST_NOT_FOUND")

    const otherApp = await newApp(env.sandbox.url)
    const theirs = await raw(env.sandbox.url, "POST", "/v2/pay/paymentrequests", {
      headers: appHeaders(otherApp),
      json: { description: "Not yours", amountInCents: 500 },
    })
    const token = (theirs.body as { paymentRequestToken: string }).paymentRequestToken
    const e = await caught(() => env.client.getPaymentRequest(token))
    expect({ kind: e.kind, code: e.code, status: e.status }).toEqual({
      kind: "service",
      code: "PAYMENT_REQUEST_NOT_FOUND",
      status: 404,
    })
  })

  it("refuses a malformed paymentRequestToken: locally without sending, and in the sandbox with 400", async () => {
    const before = await received(env.control, "paymentRequestsV2.getPaymentRequest")
    const e = await caught(() => env.client.getPaymentRequest("../sandboxapps"))
    expect({ kind: e.kind, code: e.code }).toEqual({ kind: "local", code: "PAYMENT_REQUEST_TOKEN_INVALID" })
    expect(await received(env.control, "paymentRequestsV2.getPaymentRequest")).toBe(before)

    const res = await raw(env.sandbox.url, "GET", `/v2/pay/paymentrequests/${encodeURIComponent("bad token!")}`, {
      headers: appHeaders(env.appToken),
    })
    expectErrorBody(res, 400, "PAYMENT_REQUEST_TOKEN_INVALID")
  })

  it("talks to /v2/tikkie/... when product is 'tikkie', and the sandbox serves both segments", async () => {
    const tikkie = new PaymentRequestsClient({
      apiKey: API_KEY,
      appToken: env.appToken,
      baseUrl: env.sandbox.url,
      product: "tikkie",
    })
    try {
      const created = await tikkie.createPaymentRequest({ description: "Live path", amountInCents: 999 })
      const log = await env.control.requests("paymentRequestsV2.createPaymentRequest")
      expect(log[log.length - 1]).toEqual(expect.objectContaining({ path: "/v2/tikkie/paymentrequests", status: 201 }))
      expect((await env.client.getPaymentRequest(created.paymentRequestToken)).description).toBe("Live path")
    } finally {
      await tikkie.close()
    }
  })

  it("refuses a product other than pay or tikkie at construction", () => {
    expect(
      () => new PaymentRequestsClient({ apiKey: API_KEY, baseUrl: env.sandbox.url, product: "v2" as never })
    ).toThrow(/product/)
  })
})

describe("payment requests v2: expiry on the sandbox clock", () => {
  let env: V2Env
  beforeAll(async () => {
    env = await startV2()
  })
  afterAll(() => env.close())

  it("reads EXPIRED after its expiryDate ends and can no longer be paid; a paid request keeps its status", async () => {
    const open = await env.client.createPaymentRequest({ description: "Expires", amountInCents: 700 })
    const paid = await env.client.createPaymentRequest({ description: "Paid in time", amountInCents: 800 })
    await pay(env.control, paid.paymentRequestToken, { counterPartyName: "Early Bird" })

    await env.control.advanceClock(13 * 86_400)
    expect((await env.client.getPaymentRequest(open.paymentRequestToken)).status).toBe("OPEN")

    await env.control.advanceClock(3 * 86_400)
    expect((await env.client.getPaymentRequest(open.paymentRequestToken)).status).toBe("EXPIRED")
    expect((await env.client.getPaymentRequest(paid.paymentRequestToken)).status).toBe(
      "MAX_SUCCESSFUL_PAYMENTS_REACHED"
    )

    const attempt = await raw(env.sandbox.url, "POST", `/_sandbox/paymentrequests/${open.paymentRequestToken}/pay`, {
      json: {},
    })
    expect(attempt.status).toBe(409)
    expect((attempt.body as { errors: Array<{ message: string }> }).errors[0].message).toMatch(/expired/)
    expect((await env.client.getPaymentRequest(open.paymentRequestToken)).numberOfPayments).toBe(0)
  })

  it("measures 'in the past' against the sandbox's own clock", async () => {
    // The sandbox is now about 16 days ahead: a date the client still accepts is already past there.
    const inTenDays = addDays(amsterdamDate(Date.now()), 10)
    const res = await raw(env.sandbox.url, "POST", "/v2/pay/paymentrequests", {
      headers: appHeaders(env.appToken),
      json: { description: "Too late for the sandbox", expiryDate: inTenDays },
    })
    expectErrorBody(res, 400, "EXPIRY_DATE_NOT_ALLOWED")
  })

  it("closes a request through the control: CLOSED, and the payment page says so", async () => {
    const pr = await env.client.createPaymentRequest({ description: "To close", amountInCents: 100 })
    await env.control.post(`/_sandbox/paymentrequests/${pr.paymentRequestToken}/close`)
    expect((await env.client.getPaymentRequest(pr.paymentRequestToken)).status).toBe("CLOSED")
    const page = await raw(env.sandbox.url, "GET", `/pay/v2/${pr.paymentRequestToken}`)
    expect(page.status).toBe(410)
    expect(page.text).toMatch(/id="payment-unavailable"[^>]*>This payment request has been closed\./)
  })
})
