import { FastCheckoutClient, isTikkieError } from "../../src"
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

/**
 * POST /v1/{product}/fastcheckout/orders: every rule and error row of the Fast Checkout specification, once through raw HTTP
 * (what the service answers) and once through the client (refused before sending, same code).
 */
describe("Fast Checkout: create order", () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h.close())
  // Each test starts from an empty sandbox, so "nothing was sent" reads an empty request log.
  beforeEach(() => h.control.reset())

  async function freshClient(): Promise<FastCheckoutClient> {
    const { merchantToken } = await h.newClient().createSandboxMerchant()
    return h.newClient({ merchantToken })
  }

  it("creates an order through the client: checkoutUrl on the sandbox, orderToken, Trace-Id", async () => {
    const client = await freshClient()
    const created = await client.createOrder(
      orderBody({ discountInCents: 100, notificationUrl: "https://shop.example/hook" })
    )
    expect(created.orderToken).toMatch(/^[A-Za-z0-9]+$/)
    expect(created.checkoutUrl).toBe(`${h.sandbox.url}/checkout/fastcheckout/${created.orderToken}`)
    expect(typeof created.traceId).toBe("string")
    const order = await client.getOrder(created.orderToken)
    expect(order).toEqual({
      orderToken: created.orderToken,
      referenceId: "order-1001",
      shippingCostsInCents: 495,
      discountInCents: 100,
      currency: "EUR",
      items: [
        { itemName: "Stroopwafels", priceInCents: 299, quantity: 2 },
        { itemName: "Drop", priceInCents: 150, quantity: 1 },
      ],
      status: "NEW",
      payer: undefined,
    })
  })

  it("answers a raw creation 201 with exactly checkoutUrl and orderToken and a Trace-Id header", async () => {
    const { merchantToken } = await h.newClient().createSandboxMerchant()
    const res = await raw("POST", apiUrl(h, "/orders"), { headers: orderHeaders(merchantToken), json: orderBody() })
    expect(res.status).toBe(201)
    expect(Object.keys(res.json).sort()).toEqual(["checkoutUrl", "orderToken"])
    expect(typeof res.headers["trace-id"]).toBe("string")
  })

  it("accepts addressRequired true or false and leaving it out (listed as not supported yet)", async () => {
    const client = await freshClient()
    await expect(client.createOrder(orderBody({ addressRequired: true }))).resolves.toHaveProperty("orderToken")
    await expect(client.createOrder(orderBody({ addressRequired: false }))).resolves.toHaveProperty("orderToken")
    await expect(client.createOrder(orderBody())).resolves.toHaveProperty("orderToken")
  })

  it("accepts exactly 50,000 euro of items, plus shipping on top", async () => {
    const client = await freshClient()
    const body = orderBody({
      shippingCostsInCents: 1_000,
      items: [
        { itemName: "Bike", priceInCents: 2_000_000, quantity: 2 },
        { itemName: "Helmet", priceInCents: 1_000_000, quantity: 1 },
      ],
    })
    await expect(client.createOrder(body)).resolves.toHaveProperty("orderToken")
  })

  /** Each case: the body, the code, and a word the message must contain. */
  const refusals: Array<[string, (b: Record<string, any>) => unknown, string, RegExp]> = [
    ["a missing referenceId", (b) => ({ ...b, referenceId: undefined }), "ERR_1100_005", /referenceId/],
    [
      "a missing shippingCostsInCents",
      (b) => ({ ...b, shippingCostsInCents: undefined }),
      "ERR_1100_005",
      /shippingCostsInCents/,
    ],
    ["a missing currency", (b) => ({ ...b, currency: undefined }), "ERR_1100_005", /currency/],
    ["a missing expiration", (b) => ({ ...b, expiration: undefined }), "ERR_1100_005", /expiration/],
    ["a missing redirectUrl", (b) => ({ ...b, redirectUrl: undefined }), "ERR_1100_005", /redirectUrl/],
    ["missing items", (b) => ({ ...b, items: undefined }), "ERR_1100_005", /items/],
    [
      "an item without itemName",
      (b) => ({ ...b, items: [{ priceInCents: 1, quantity: 1 }] }),
      "ERR_1100_005",
      /itemName/,
    ],
    [
      "an item without quantity",
      (b) => ({ ...b, items: [{ itemName: "x", priceInCents: 1 }] }),
      "ERR_1100_005",
      /quantity/,
    ],
    ["an unknown field", (b) => ({ ...b, customerEmail: "a@b.nl" }), "ERR_1100_008", /customerEmail/],
    [
      "an unknown item field",
      (b) => ({ ...b, items: [{ itemName: "x", priceInCents: 1, quantity: 1, vat: 21 }] }),
      "ERR_1100_008",
      /vat/,
    ],
    [
      "a misspelt field (unknown wins over missing)",
      (b) => ({ ...b, referenceId: undefined, referenceID: "x" }),
      "ERR_1100_008",
      /referenceID/,
    ],
    [
      "currency USD",
      (b) => ({ ...b, currency: "USD" }),
      "ERR_1100_004",
      /(^|ERR_1100_004: )currency: only EUR is supported$/,
    ],
    [
      "a fractional price",
      (b) => ({ ...b, items: [{ itemName: "x", priceInCents: 12.5, quantity: 1 }] }),
      "ERR_1100_004",
      /priceInCents/,
    ],
    [
      "a price given as a string",
      (b) => ({ ...b, items: [{ itemName: "x", priceInCents: "100", quantity: 1 }] }),
      "ERR_1100_004",
      /priceInCents/,
    ],
    [
      "a negative price",
      (b) => ({ ...b, items: [{ itemName: "x", priceInCents: -1, quantity: 1 }] }),
      "ERR_1100_004",
      /priceInCents/,
    ],
    [
      "quantity 0",
      (b) => ({ ...b, items: [{ itemName: "x", priceInCents: 100, quantity: 0 }] }),
      "ERR_1100_004",
      /quantity/,
    ],
    ["negative shipping", (b) => ({ ...b, shippingCostsInCents: -5 }), "ERR_1100_004", /shippingCostsInCents/],
    ["a negative discount", (b) => ({ ...b, discountInCents: -5 }), "ERR_1100_004", /discountInCents/],
    ["expiration 0", (b) => ({ ...b, expiration: 0 }), "ERR_1100_004", /expiration/],
    ["a fractional expiration", (b) => ({ ...b, expiration: 1.5 }), "ERR_1100_004", /expiration/],
    ["a redirectUrl that is not a URL", (b) => ({ ...b, redirectUrl: "shop/done" }), "ERR_1100_004", /redirectUrl/],
    ["a javascript: redirectUrl", (b) => ({ ...b, redirectUrl: "javascript:alert(1)" }), "ERR_1100_004", /redirectUrl/],
    [
      "an ftp notificationUrl",
      (b) => ({ ...b, notificationUrl: "ftp://shop.example/hook" }),
      "ERR_1100_004",
      /notificationUrl/,
    ],
    ["an empty item list", (b) => ({ ...b, items: [] }), "ERR_1100_004", /items/],
    ["a blank referenceId", (b) => ({ ...b, referenceId: "   " }), "ERR_1100_004", /referenceId/],
    [
      "a referenceId over 100 characters",
      (b) => ({ ...b, referenceId: "r".repeat(101) }),
      "ERR_1100_004",
      /referenceId/,
    ],
    [
      "an itemName over 100 characters",
      (b) => ({ ...b, items: [{ itemName: "i".repeat(101), priceInCents: 1, quantity: 1 }] }),
      "ERR_1100_004",
      /itemName/,
    ],
    ["addressRequired as a string", (b) => ({ ...b, addressRequired: "yes" }), "ERR_1100_004", /addressRequired/],
    [
      "items above 50,000 euro",
      (b) => ({ ...b, items: [{ itemName: "Car", priceInCents: 2_500_001, quantity: 2 }] }),
      "ERR_1100_006",
      /50000\.00 euro/,
    ],
    [
      "a discount equal to items plus shipping",
      (b) => ({ ...b, discountInCents: 598 + 150 + 495 }),
      "ERR_3100_005",
      /discountInCents/,
    ],
    ["a discount above the total", (b) => ({ ...b, discountInCents: 10_000 }), "ERR_3100_005", /discountInCents/],
  ]

  describe.each(refusals)("refuses %s", (_name, mutate, code, messageWord) => {
    const body = () => JSON.parse(JSON.stringify(mutate(orderBody() as Record<string, unknown>)))

    it(`with 400 ${code} from the sandbox`, async () => {
      const { merchantToken } = await h.newClient().createSandboxMerchant()
      const res = await raw("POST", apiUrl(h, "/orders"), { headers: orderHeaders(merchantToken), json: body() })
      const message = expectServiceError(res, 400, code, "BAD_REQUEST")
      expect(message).toMatch(messageWord)
    })

    it(`locally with ${code}, sending nothing`, async () => {
      const client = await freshClient()
      const e = await caught(() => client.createOrder(body()))
      expect(isTikkieError(e)).toBe(true)
      expect(e).toMatchObject({
        kind: "local",
        code,
        status: 400,
        category: "BAD_REQUEST",
        mayHaveReachedService: false,
      })
      expect(e.message).toMatch(messageWord)
      expect(await h.control.requests("fastCheckout.createOrder")).toEqual([])
    })
  })

  it("accepts a discount one cent below items plus shipping, and a zero discount on a free order", async () => {
    const client = await freshClient()
    await expect(client.createOrder(orderBody({ discountInCents: 598 + 150 + 495 - 1 }))).resolves.toHaveProperty(
      "orderToken"
    )
    const free = orderBody({
      shippingCostsInCents: 0,
      discountInCents: 0,
      items: [{ itemName: "Sample", priceInCents: 0, quantity: 1 }],
    })
    await expect(client.createOrder(free)).resolves.toHaveProperty("orderToken")
  })

  it("answers a body that is not JSON with 400 ERR_1100_004", async () => {
    const { merchantToken } = await h.newClient().createSandboxMerchant()
    const res = await raw("POST", apiUrl(h, "/orders"), {
      headers: { ...orderHeaders(merchantToken), "content-type": "application/json" },
      body: '{"referenceId": "x",',
    })
    expect(expectServiceError(res, 400, "ERR_1100_004", "BAD_REQUEST")).toMatch(/JSON/)
  })

  it("answers a JSON array body with 400 ERR_1100_004 and an empty body with 400 ERR_1100_005", async () => {
    const { merchantToken } = await h.newClient().createSandboxMerchant()
    const arr = await raw("POST", apiUrl(h, "/orders"), { headers: orderHeaders(merchantToken), json: [orderBody()] })
    expectServiceError(arr, 400, "ERR_1100_004", "BAD_REQUEST")
    const empty = await raw("POST", apiUrl(h, "/orders"), { headers: orderHeaders(merchantToken) })
    expect(expectServiceError(empty, 400, "ERR_1100_005", "BAD_REQUEST")).toMatch(/referenceId/)
  })

  it("answers a missing X-Merchant-Token with 400 ERR_3100_004; the client refuses it locally", async () => {
    const client = h.newClient()
    const e = await caught(() => client.createOrder(orderBody()))
    expect(e).toMatchObject({ kind: "local", code: "ERR_3100_004", status: 400 })
    const g = await caught(() => client.getOrder("abc123"))
    expect(g).toMatchObject({ kind: "local", code: "ERR_3100_004", status: 400 })
    expect(await h.control.requests("fastCheckout.createOrder")).toEqual([])
    expect(await h.control.requests("fastCheckout.getOrder")).toEqual([])

    const res = await raw("POST", apiUrl(h, "/orders"), { headers: { "API-Key": API_KEY }, json: orderBody() })
    expect(expectServiceError(res, 400, "ERR_3100_004", "BAD_REQUEST")).toMatch(/X-Merchant-Token/)
  })

  it("checks the merchant token before the body: a missing token wins over a bad body", async () => {
    const res = await raw("POST", apiUrl(h, "/orders"), { headers: { "API-Key": API_KEY }, json: { nonsense: true } })
    expectServiceError(res, 400, "ERR_3100_004", "BAD_REQUEST")
  })

  it("answers an unknown merchant token with 401 ERR_4100_005, through raw HTTP and the client", async () => {
    const res = await raw("POST", apiUrl(h, "/orders"), {
      headers: orderHeaders("no-such-merchant-token"),
      json: orderBody(),
    })
    expectServiceError(res, 401, "ERR_4100_005", "UNAUTHORIZED")
    const client = h.newClient({ merchantToken: "no-such-merchant-token" })
    const e = await caught(() => client.createOrder(orderBody()))
    expect(e).toMatchObject({ kind: "service", code: "ERR_4100_005", status: 401, category: "UNAUTHORIZED" })
    expect(typeof e.traceId).toBe("string")
  })

  it("answers a missing API-Key with 400 ERR_1100_005 naming the header", async () => {
    const { merchantToken } = await h.newClient().createSandboxMerchant()
    const res = await raw("POST", apiUrl(h, "/orders"), {
      headers: { "X-Merchant-Token": merchantToken },
      json: orderBody(),
    })
    expect(expectServiceError(res, 400, "ERR_1100_005", "BAD_REQUEST")).toMatch(/API-Key/)
  })

  it("serves the tikkie product segment as well", async () => {
    const { merchantToken } = await h.newClient().createSandboxMerchant()
    const client = h.newClient({ product: "tikkie", merchantToken })
    const created = await client.createOrder(orderBody())
    const log = await h.control.requests("fastCheckout.createOrder")
    expect(log).toEqual([expect.objectContaining({ path: "/v1/tikkie/fastcheckout/orders", status: 201 })])
    expect(created.checkoutUrl).toContain(created.orderToken)
  })

  it("answers an unknown path under fastcheckout with ERR_1100_007", async () => {
    const res = await raw("POST", apiUrl(h, "/order"), { headers: orderHeaders("x"), json: orderBody() })
    expectServiceError(res, 400, "ERR_1100_007", "BAD_REQUEST")
  })
})
