import { isTikkieError } from "../../src"
import { caught, expectServiceError, orderBody, orderHeaders, raw, startHarness, type Harness } from "./helpers"

/** How the client behaves when the service misbehaves (faults injected through /_sandbox/faults). */
describe("Fast Checkout client: retries and timeouts", () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h.close())
  beforeEach(() => h.reset())

  const statuses = async (operation: string) => (await h.control.requests(operation)).map((r) => r.status)

  it("retries GET order after 503 ERR_9100_011 and gets the order", async () => {
    const { orderToken } = await h.client.createOrder(orderBody())
    await h.control.injectFault("fastCheckout.getOrder", "503", 2)
    const order = await h.client.getOrder(orderToken)
    expect(order.orderToken).toBe(orderToken)
    expect(await statuses("fastCheckout.getOrder")).toEqual([503, 503, 200])
  })

  it("tells an observer each attempt and the end of the call, with no credential in what it hears", async () => {
    const { orderToken } = await h.client.createOrder(orderBody())
    await h.control.injectFault("fastCheckout.getOrder", "503", 1)
    const heard: unknown[] = []
    const client = h.newClient({
      merchantToken: h.merchantToken,
      retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 2 },
      observer: {
        start: (call) => {
          heard.push({ start: call })
          return { attempt: (a) => heard.push({ attempt: a }), end: (e) => heard.push({ end: e }) }
        },
      },
    })
    expect((await client.getOrder(orderToken)).orderToken).toBe(orderToken)
    expect(heard).toEqual([
      { start: { operation: "fastCheckout.getOrder", method: "GET" } },
      { attempt: expect.objectContaining({ attempt: 1, status: 503, code: "ERR_9100_011" }) },
      { attempt: expect.objectContaining({ attempt: 2, status: 200 }) },
      { end: expect.objectContaining({ ok: true, attempts: 2, status: 200 }) },
    ])
    const text = JSON.stringify(heard)
    expect(text).not.toContain(h.merchantToken)
    expect(text).not.toContain(orderToken)
  })

  it("keeps a call working when its observer throws", async () => {
    const { orderToken } = await h.client.createOrder(orderBody())
    const client = h.newClient({
      merchantToken: h.merchantToken,
      observer: {
        start: () => ({
          attempt: () => {
            throw new Error("observer down")
          },
          end: () => {
            throw new Error("observer down")
          },
        }),
      },
    })
    expect((await client.getOrder(orderToken)).orderToken).toBe(orderToken)
  })

  it("answers injected faults in the documented error shape: 503 ERR_9100_011 and 500 ERR_8100_001", async () => {
    await h.control.injectFault("fastCheckout.createOrder", "503", 1)
    await h.control.injectFault("fastCheckout.createOrder", "500", 1)
    const url = `${h.sandbox.url}/v1/pay/fastcheckout/orders`
    const headers = orderHeaders(h.merchantToken)
    expectServiceError(
      await raw("POST", url, { headers, json: orderBody() }),
      503,
      "ERR_9100_011",
      "SERVICE_UNAVAILABLE"
    )
    expectServiceError(
      await raw("POST", url, { headers, json: orderBody() }),
      500,
      "ERR_8100_001",
      "INTERNAL_SERVER_ERROR"
    )
  })

  it("retries GET order after 500 ERR_8100_001 (a read is safe to repeat)", async () => {
    const { orderToken } = await h.client.createOrder(orderBody())
    await h.control.injectFault("fastCheckout.getOrder", "500", 1)
    expect((await h.client.getOrder(orderToken)).status).toBe("NEW")
    expect(await statuses("fastCheckout.getOrder")).toEqual([500, 200])
  })

  it("gives up on GET order after its retries with the service's error", async () => {
    const { orderToken } = await h.client.createOrder(orderBody())
    await h.control.injectFault("fastCheckout.getOrder", "503", 10)
    const client = h.newClient({ merchantToken: h.merchantToken, retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 2 } })
    const e = await caught(() => client.getOrder(orderToken))
    expect(e).toMatchObject({ kind: "service", code: "ERR_9100_011", status: 503, category: "SERVICE_UNAVAILABLE" })
    expect(await statuses("fastCheckout.getOrder")).toEqual([503, 503, 503])
  })

  it("does NOT retry createOrder after a 500: the order may exist, a second one would be a second checkout", async () => {
    await h.control.injectFault("fastCheckout.createOrder", "500", 1)
    const e = await caught(() => h.client.createOrder(orderBody()))
    expect(isTikkieError(e)).toBe(true)
    expect(e).toMatchObject({
      kind: "service",
      code: "ERR_8100_001",
      status: 500,
      category: "INTERNAL_SERVER_ERROR",
      mayHaveReachedService: true,
    })
    expect(typeof e.traceId).toBe("string")
    expect(await statuses("fastCheckout.createOrder")).toEqual([500])
  })

  it("retries createOrder after 503 ERR_9100_011 (nothing was done) and creates one order", async () => {
    await h.control.injectFault("fastCheckout.createOrder", "503", 1)
    const created = await h.client.createOrder(orderBody({ referenceId: "after-503" }))
    expect(await statuses("fastCheckout.createOrder")).toEqual([503, 201])
    const list = await h.control.get<{ orders: Array<{ orderToken: string }> }>(
      "/_sandbox/fastcheckout/orders?referenceId=after-503"
    )
    expect(list.orders.map((o) => o.orderToken)).toEqual([created.orderToken])
  })

  it("turns a GET that never answers into a TIMEOUT TikkieError after requestTimeoutMs", async () => {
    const { orderToken } = await h.client.createOrder(orderBody())
    await h.control.injectFault("fastCheckout.getOrder", "hang", 5)
    const client = h.newClient({
      merchantToken: h.merchantToken,
      requestTimeoutMs: 150,
      retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 2 },
    })
    const e = await caught(() => client.getOrder(orderToken))
    expect(isTikkieError(e)).toBe(true)
    expect(e).toMatchObject({
      kind: "network",
      code: "TIMEOUT",
      category: "NETWORK_ERROR",
      operation: "fastCheckout.getOrder",
    })
    expect(await statuses("fastCheckout.getOrder")).toEqual([0, 0])
  })

  it("gets the order when only the first GET hangs (a timed-out read is retried)", async () => {
    const { orderToken } = await h.client.createOrder(orderBody())
    await h.control.injectFault("fastCheckout.getOrder", "hang", 1)
    const client = h.newClient({ merchantToken: h.merchantToken, requestTimeoutMs: 150 })
    expect((await client.getOrder(orderToken)).orderToken).toBe(orderToken)
  })

  it("does not retry a createOrder that timed out (it may have been created)", async () => {
    await h.control.injectFault("fastCheckout.createOrder", "hang", 1)
    const client = h.newClient({ merchantToken: h.merchantToken, requestTimeoutMs: 150 })
    const e = await caught(() => client.createOrder(orderBody()))
    expect(e).toMatchObject({ code: "TIMEOUT", mayHaveReachedService: true })
    expect(await statuses("fastCheckout.createOrder")).toEqual([0])
  })

  it("reports an unreachable service as CONNECTION_FAILED", async () => {
    const client = h.newClient({ baseUrl: "http://127.0.0.1:1", merchantToken: h.merchantToken, retry: { retries: 0 } })
    const e = await caught(() => client.getOrder("abc"))
    expect(e).toMatchObject({ kind: "network", code: "CONNECTION_FAILED", mayHaveReachedService: false })
  })
})
