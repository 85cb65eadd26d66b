import { request } from "undici"
import { startSandbox, type RunningSandbox } from "../src"

/**
 * Requests the three service documents forbid, sent with a raw HTTP client (undici's `request`, not
 * tikkie-client, whose schemas the sandbox shares: a rule wrong in both would agree by construction), each
 * answered with the error the document names: its HTTP status and code, in the documented error body.
 * Every expectation below is written from the document, not from the sandbox's answer.
 */
let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
})
afterAll(() => sandbox.close())

const API_KEY = "spec-refusals-api-key"

async function call(
  method: string,
  path: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: unknown } = {}
) {
  const res = await request(`${sandbox.url}${path}`, {
    method: method as "GET",
    headers: { "API-Key": API_KEY, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.body.text()
  return { status: res.statusCode, headers: res.headers, json: text ? JSON.parse(text) : undefined }
}

/** The documented error body: an `errors` array whose first entry has the code and the HTTP status. */
function firstError(r: { status: number; json: any }) {
  const e = r.json?.errors?.[0]
  return { status: r.status, code: e?.code, bodyStatus: e?.status, message: typeof e?.message }
}

describe("Fast Checkout refusals (fast-checkout: Errors, Authentication, Limits)", () => {
  let merchantToken: string
  const order = (over: Record<string, unknown> = {}) => ({
    referenceId: "refusal-order",
    currency: "EUR",
    shippingCostsInCents: 495,
    expiration: 900,
    redirectUrl: "https://shop.example/return",
    items: [{ itemName: "Stroopwafels", priceInCents: 1299, quantity: 2 }],
    ...over,
  })
  beforeAll(async () => {
    const r = await call("POST", "/v1/pay/fastcheckout/merchant")
    merchantToken = r.json.merchantToken
    expect(typeof merchantToken).toBe("string")
  })
  const create = (body: unknown, headers: Record<string, string> = { "X-Merchant-Token": merchantToken }) =>
    call("POST", "/v1/pay/fastcheckout/orders", { headers, body })

  it.each([
    ["the merchant token missing: ERR_3100_004 (400)", () => create(order(), {}), 400, "ERR_3100_004"],
    [
      "a merchant token not valid: ERR_4100_005 (401)",
      () => create(order(), { "X-Merchant-Token": "not-a-merchant-token" }),
      401,
      "ERR_4100_005",
    ],
    [
      "another currency than EUR (only EUR is supported): ERR_1100_004",
      () => create(order({ currency: "USD" })),
      400,
      "ERR_1100_004",
    ],
    [
      "items above the 50,000 euro maximum: ERR_1100_006 (see message)",
      () => create(order({ items: [{ itemName: "Bakfiets", priceInCents: 5_000_001, quantity: 1 }] })),
      400,
      "ERR_1100_006",
    ],
    [
      "a discount not less than the total: ERR_3100_005",
      () => create(order({ discountInCents: 2 * 1299 + 495 })),
      400,
      "ERR_3100_005",
    ],
    ["an unknown field: ERR_1100_008", () => create(order({ amountInCents: 100 })), 400, "ERR_1100_008"],
    [
      "a required field left out (referenceId): ERR_1100_005",
      () => create(order({ referenceId: undefined })),
      400,
      "ERR_1100_005",
    ],
    [
      "an order that does not exist: ERR_4100_004 (404)",
      () =>
        call("GET", "/v1/pay/fastcheckout/orders/no-such-order-token", {
          headers: { "X-Merchant-Token": merchantToken },
        }),
      404,
      "ERR_4100_004",
    ],
  ])("%s", async (_name, send, status, code) => {
    const r = await send()
    expect(firstError(r)).toEqual({ status, code, bodyStatus: status, message: "string" })
    expect(r.headers["trace-id"]).toEqual(expect.any(String))
  })

  it("accepts the same order when nothing is wrong with it (the refusals above are the rule, not the route)", async () => {
    const r = await create(order())
    expect(r.status).toBe(201)
    expect(r.json).toEqual({ checkoutUrl: expect.any(String), orderToken: expect.any(String) })
  })
})

describe("payment requests v2 refusals (public facts: Payment requests v2)", () => {
  let appToken: string
  beforeAll(async () => {
    const r = await call("POST", "/v2/pay/sandboxapps")
    appToken = r.json.appToken
    expect(appToken).toMatch(/^[0-9a-f-]{36}$/)
  })
  const v2 = (method: string, path: string, body?: unknown, token = appToken) =>
    call(method, `/v2/pay${path}`, { headers: { "X-App-Token": token }, body })

  it.each([
    [
      "a description over 35 characters: DESCRIPTION_MAX_LENGTH_EXCEEDED",
      () => v2("POST", "/paymentrequests", { description: "x".repeat(36), amountInCents: 500 }),
      400,
      "DESCRIPTION_MAX_LENGTH_EXCEEDED",
    ],
    [
      "no description: DESCRIPTION_MISSING",
      () => v2("POST", "/paymentrequests", { amountInCents: 500 }),
      400,
      "DESCRIPTION_MISSING",
    ],
    [
      "an expiry date in the past: EXPIRY_DATE_NOT_ALLOWED",
      () => v2("POST", "/paymentrequests", { description: "Old", amountInCents: 500, expiryDate: "2020-01-31" }),
      400,
      "EXPIRY_DATE_NOT_ALLOWED",
    ],
    [
      "a referenceId outside its alphabet: REFERENCE_ID_INVALID",
      () => v2("POST", "/paymentrequests", { description: "Ref", amountInCents: 500, referenceId: "order#1" }),
      400,
      "REFERENCE_ID_INVALID",
    ],
    [
      "a list without pageNumber: PAGE_NUMBER_MISSING",
      () => v2("GET", "/paymentrequests?pageSize=10"),
      400,
      "PAGE_NUMBER_MISSING",
    ],
    [
      "a page size over 50: PAGE_SIZE_TOO_LARGE",
      () => v2("GET", "/paymentrequests?pageNumber=0&pageSize=51"),
      400,
      "PAGE_SIZE_TOO_LARGE",
    ],
    [
      "an app token that was never issued: APP_TOKEN_INVALID (401)",
      () => v2("GET", "/paymentrequests?pageNumber=0&pageSize=10", undefined, "00000000-0000-4000-8000-000000000000"),
      401,
      "APP_TOKEN_INVALID",
    ],
    [
      "a payment request that does not exist: PAYMENT_REQUEST_NOT_FOUND (404)",
      () => v2("GET", "/paymentrequests/NoSuchRequest123"),
      404,
      "PAYMENT_REQUEST_NOT_FOUND",
    ],
  ])("%s", async (_name, send, status, code) => {
    expect(firstError(await send())).toEqual({ status, code, bodyStatus: status, message: "string" })
  })

  it("refuses a refund beyond the amount paid plus 25.00 euro: REFUND_AMOUNT_IS_TOO_HIGH; up to it, 201", async () => {
    const created = await v2("POST", "/paymentrequests", { description: "Refund limit", amountInCents: 1000 })
    expect(created.status).toBe(201)
    // The payer pays on the payment page (`url`), as a browser posts its form.
    const page = new URL(created.json.url)
    const paid = await request(`${sandbox.url}${page.pathname}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "counterPartyName=Jan+Jansen",
    })
    await paid.body.dump()
    const payments = await v2(
      "GET",
      `/paymentrequests/${created.json.paymentRequestToken}/payments?pageNumber=0&pageSize=10`
    )
    const paymentToken = payments.json.payments[0].paymentToken
    const refunds = `/paymentrequests/${created.json.paymentRequestToken}/payments/${paymentToken}/refunds`
    expect(firstError(await v2("POST", refunds, { amountInCents: 1000 + 2500 + 1, description: "Too much" }))).toEqual({
      status: 400,
      code: "REFUND_AMOUNT_IS_TOO_HIGH",
      bodyStatus: 400,
      message: "string",
    })
    expect((await v2("POST", refunds, { amountInCents: 1000 + 2500, description: "All it may" })).status).toBe(201)
  })
})

describe("account information refusals (account-information: Errors, Endpoints)", () => {
  let token: string
  let accountNumber: string
  let otherAccountNumber: string
  beforeAll(async () => {
    const accounts = await call("GET", "/_sandbox/accounts")
    ;[accountNumber, otherAccountNumber] = accounts.json.accounts.map((a: { accountNumber: string }) => a.accountNumber)
    expect(otherAccountNumber).not.toBe(accountNumber)
    const issued = await call("POST", "/_sandbox/oauth/tokens", {
      body: { scope: "psd2:account:transaction:read psd2:account:funds:read", accountNumber },
    })
    token = issued.json.access_token
    expect(typeof token).toBe("string")
  })
  const ais = (path: string) => call("GET", path, { headers: { Authorization: `Bearer ${token}` } })
  const tx = (query: string) => ais(`/v1/accounts/${accountNumber}/transactions?${query}`)
  const funds = (query: string) => ais(`/v1/accounts/${accountNumber}/funds?${query}`)

  it.each([
    [
      "a from date after the to date: MESSAGE_RST560_0011",
      () => tx("bookDateFrom=2026-03-10&bookDateTo=2026-03-01"),
      400,
      "MESSAGE_RST560_0011",
    ],
    [
      "a from date not in yyyy-mm-dd: MESSAGE_RST560_0009",
      () => tx("bookDateFrom=10-03-2026"),
      400,
      "MESSAGE_RST560_0009",
    ],
    [
      "a to date not in yyyy-mm-dd: MESSAGE_RST560_0008",
      () => tx("bookDateFrom=2026-03-01&bookDateTo=2026-13-01"),
      400,
      "MESSAGE_RST560_0008",
    ],
    [
      "a funds check without an amount: MESSAGE_RST560_0018 (amount blank)",
      () => funds("currency=EUR"),
      400,
      "MESSAGE_RST560_0018",
    ],
    [
      "an amount with more than 3 decimals: MESSAGE_RST560_0014",
      () => funds("amount=1.2345"),
      400,
      "MESSAGE_RST560_0014",
    ],
    ["an amount that is not positive: MESSAGE_RST560_0014", () => funds("amount=-5"), 400, "MESSAGE_RST560_0014"],
    [
      "a currency that is not an ISO 4217 code: MESSAGE_RST560_0015",
      () => funds("amount=5&currency=EURO"),
      400,
      "MESSAGE_RST560_0015",
    ],
    [
      "an account the holder did not consent to: MESSAGE_RST560_0016 (403)",
      () => ais(`/v1/accounts/${otherAccountNumber}/transactions`),
      403,
      "MESSAGE_RST560_0016",
    ],
  ])("%s", async (_name, send, status, code) => {
    expect(firstError(await send())).toEqual({ status, code, bodyStatus: status, message: "string" })
  })
})
