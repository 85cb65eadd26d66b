import { SlidingWindowRateLimiter } from "../../src"
import { apiUrl, caught, expectServiceError, orderBody, orderHeaders, raw, startHarness, type Harness } from "./helpers"

describe("Fast Checkout: GET order", () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h.close())
  afterEach(() => h.control.post("/_sandbox/settings", { getOrderRateLimitPerSecond: 250 }))

  it("answers the documented order fields to a raw call, with a Trace-Id", async () => {
    const { orderToken } = await h.client.createOrder(orderBody())
    const res = await raw("GET", apiUrl(h, `/orders/${orderToken}`), { headers: orderHeaders(h.merchantToken) })
    expect(res.status).toBe(200)
    expect(typeof res.headers["trace-id"]).toBe("string")
    expect(res.headers["content-type"]).toMatch(/application\/json/)
    expect(res.json).toEqual({
      orderToken,
      referenceId: "order-1001",
      shippingCostsInCents: 495,
      currency: "EUR",
      items: [
        { itemName: "Stroopwafels", priceInCents: 299, quantity: 2 },
        { itemName: "Drop", priceInCents: 150, quantity: 1 },
      ],
      status: "NEW",
    })
  })

  it("answers an unknown order with 404 ERR_4100_004, through raw HTTP and the client", async () => {
    const res = await raw("GET", apiUrl(h, "/orders/0123456789abcdef"), { headers: orderHeaders(h.merchantToken) })
    expectServiceError(res, 404, "ERR_4100_004", "NOT_FOUND")
    const e = await caught(() => h.client.getOrder("0123456789abcdef"))
    expect(e).toMatchObject({ kind: "service", code: "ERR_4100_004", status: 404, category: "NOT_FOUND" })
  })

  it("answers another merchant's order with 404 ERR_4100_004 (no probing of tokens)", async () => {
    const { orderToken } = await h.client.createOrder(orderBody())
    const { merchantToken } = await h.newClient().createSandboxMerchant()
    const res = await raw("GET", apiUrl(h, `/orders/${orderToken}`), { headers: orderHeaders(merchantToken) })
    expectServiceError(res, 404, "ERR_4100_004", "NOT_FOUND")
  })

  it("answers a missing merchant token with 400 ERR_3100_004 and an invalid one with 401 ERR_4100_005", async () => {
    const { orderToken } = await h.client.createOrder(orderBody())
    const missing = await raw("GET", apiUrl(h, `/orders/${orderToken}`), { headers: { "API-Key": "k-123456" } })
    expectServiceError(missing, 400, "ERR_3100_004", "BAD_REQUEST")
    const invalid = await raw("GET", apiUrl(h, `/orders/${orderToken}`), { headers: orderHeaders("forged-merchant") })
    expectServiceError(invalid, 401, "ERR_4100_005", "UNAUTHORIZED")
  })

  it("answers a token with characters no order token has with 400 ERR_1100_004; the client refuses it locally", async () => {
    const res = await raw("GET", apiUrl(h, "/orders/abc%20def"), { headers: orderHeaders(h.merchantToken) })
    expectServiceError(res, 400, "ERR_1100_004", "BAD_REQUEST")

    await h.reset()
    const client = h.client
    for (const token of ["abc def", "../merchant", "a/b", "x?y=1"]) {
      const e = await caught(() => client.getOrder(token))
      expect(e).toMatchObject({ kind: "local", code: "ERR_1100_004", mayHaveReachedService: false })
    }
    const empty = await caught(() => client.getOrder(""))
    expect(empty).toMatchObject({ kind: "local", code: "ERR_1100_005" })
    expect(empty.message).toMatch(/orderToken/)
    expect(await h.control.requests("fastCheckout.getOrder")).toEqual([])
    await client.createOrder(orderBody()) // the merchant still works after the refusals
  })

  it("limits GET order per merchant: 20 raw calls at once with a limit of 5/s get some 429 TOO_MANY_REQUESTS", async () => {
    const { orderToken } = await h.client.createOrder(orderBody())
    await h.control.post("/_sandbox/settings", { getOrderRateLimitPerSecond: 5 })
    const url = apiUrl(h, `/orders/${orderToken}`)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => raw("GET", url, { headers: orderHeaders(h.merchantToken) }))
    )
    const ok = answers.filter((a) => a.status === 200)
    const limited = answers.filter((a) => a.status === 429)
    expect(ok.length + limited.length).toBe(20)
    expect(ok.length).toBeGreaterThanOrEqual(1)
    expect(ok.length).toBeLessThanOrEqual(5)
    expect(limited.length).toBeGreaterThanOrEqual(15)
    expectServiceError(limited[0], 429, "TOO_MANY_REQUESTS", "TOO_MANY_REQUESTS")
    expect(limited[0].headers["retry-after"]).toBe("1")

    // Another merchant has its own allowance.
    const { merchantToken } = await h.newClient().createSandboxMerchant()
    const other = await h.newClient({ merchantToken }).createOrder(orderBody())
    const res = await raw("GET", apiUrl(h, `/orders/${other.orderToken}`), { headers: orderHeaders(merchantToken) })
    expect(res.status).toBe(200)
  })

  it("lets the client with its own 5/s limiter read 20 times without a single refusal", async () => {
    await h.reset()
    const client = h.newClient({
      merchantToken: h.merchantToken,
      getOrderRateLimiter: new SlidingWindowRateLimiter(5, 1_000),
    })
    const { orderToken } = await client.createOrder(orderBody())
    await h.control.post("/_sandbox/settings", { getOrderRateLimitPerSecond: 5 })

    const orders = await Promise.all(Array.from({ length: 20 }, () => client.getOrder(orderToken)))
    expect(orders.every((o) => o.orderToken === orderToken)).toBe(true)
    const log = await h.control.requests("fastCheckout.getOrder")
    expect(log).toHaveLength(20)
    expect(log.filter((r) => r.status !== 200)).toEqual([])
  })

  it("switches the limit off with 0 and applies a changed limit at once", async () => {
    const { orderToken } = await h.client.createOrder(orderBody())
    const url = apiUrl(h, `/orders/${orderToken}`)
    const burst = () =>
      Promise.all(Array.from({ length: 30 }, () => raw("GET", url, { headers: orderHeaders(h.merchantToken) })))

    await h.control.post("/_sandbox/settings", { getOrderRateLimitPerSecond: 0 })
    expect((await burst()).every((a) => a.status === 200)).toBe(true)

    await h.control.post("/_sandbox/settings", { getOrderRateLimitPerSecond: 3 })
    const limited = await burst()
    expect(limited.filter((a) => a.status === 200).length).toBeLessThanOrEqual(3)

    // An absurd limit is "off", not an allocation that breaks every read.
    await h.control.post("/_sandbox/settings", { getOrderRateLimitPerSecond: 1_000_000_000 })
    expect((await burst()).every((a) => a.status === 200)).toBe(true)
  })

  it("answers a GET without API-Key with 400 ERR_1100_005 naming the header", async () => {
    const { orderToken } = await h.client.createOrder(orderBody())
    const res = await raw("GET", apiUrl(h, `/orders/${orderToken}`), {
      headers: { "X-Merchant-Token": h.merchantToken },
    })
    expect(expectServiceError(res, 400, "ERR_1100_005", "BAD_REQUEST")).toMatch(/API-Key/)
  })

  it("retries a GET answered 429 and succeeds once the window has passed (the client's limiter off)", async () => {
    await h.reset()
    const client = h.newClient({
      merchantToken: h.merchantToken,
      getOrderRateLimiter: { acquire: () => Promise.resolve() },
      retry: { retries: 10, baseDelayMs: 300, maxDelayMs: 1_000 },
    })
    const { orderToken } = await client.createOrder(orderBody())
    await h.control.post("/_sandbox/settings", { getOrderRateLimitPerSecond: 1 })
    const [a, b] = await Promise.all([client.getOrder(orderToken), client.getOrder(orderToken)])
    expect(a.orderToken).toBe(orderToken)
    expect(b.orderToken).toBe(orderToken)
    const statuses = (await h.control.requests("fastCheckout.getOrder")).map((r) => r.status)
    expect(statuses).toContain(429)
    expect(statuses.filter((s) => s === 200)).toHaveLength(2)
  })
})
