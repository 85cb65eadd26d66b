import { FAST_CHECKOUT_FINAL_STATUSES, type FastCheckoutStatus } from "../../src"
import {
  caught,
  eventually,
  expectServiceError,
  orderBody,
  raw,
  startHarness,
  startWebhookReceiver,
  type Harness,
} from "./helpers"

/** Order states through the /_sandbox/fastcheckout controls, expiry through the sandbox clock. */
describe("Fast Checkout: order lifecycle and controls", () => {
  let h: Harness
  let hook: Awaited<ReturnType<typeof startWebhookReceiver>>
  beforeAll(async () => {
    h = await startHarness({ deliveryBackoffMs: 20 })
    hook = await startWebhookReceiver()
  })
  afterAll(async () => {
    await hook.close()
    await h.close()
  })

  const control = (orderToken: string, action: string, json?: unknown) =>
    raw(
      "POST",
      `${h.sandbox.url}/_sandbox/fastcheckout/orders/${orderToken}/${action}`,
      json === undefined ? {} : { json }
    )

  const webhooksOf = (orderToken: string) =>
    hook.received.filter((r) => r.body?.orderToken === orderToken).map((r) => r.body.status as string)

  it("pays with the default payer: Dutch, house number and addition kept apart, addition read back", async () => {
    const created = await h.client.createOrder(orderBody({ referenceId: "ctl-pay", notificationUrl: hook.url }))
    const res = await control(created.orderToken, "pay")
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ orderToken: created.orderToken, status: "PAID" })
    const order = await h.client.getOrder(created.orderToken)
    expect(order.payer).toEqual({
      companyName: undefined,
      firstName: "Jan",
      lastName: "Jansen",
      email: "jan.jansen@example.nl",
      phoneNumber: "+31612345678",
      shippingAddress: {
        street: "Damrak",
        houseNumber: "12",
        addition: "B",
        postalCode: "1012 LG",
        city: "Amsterdam",
        country: "NL",
      },
    })
    await eventually(() => expect(webhooksOf(created.orderToken)).toEqual(["PAID"]))
    const w = hook.received.find((r) => r.body?.orderToken === created.orderToken)!
    expect(w.body).toEqual({ referenceId: "ctl-pay", orderToken: created.orderToken, status: "PAID" })
  })

  it("pays with a given business payer without addition: the read answer has addition null", async () => {
    const created = await h.client.createOrder(orderBody())
    const payer = {
      companyName: "Bakkerij Brood BV",
      firstName: "Piet",
      lastName: "Bakker",
      email: "piet@brood.example",
      shippingAddress: { street: "Markt", houseNumber: "1", postalCode: "5611 EB", city: "Eindhoven", country: "NL" },
    }
    expect((await control(created.orderToken, "pay", { payer })).status).toBe(200)
    const rawRead = await raw("GET", `${h.sandbox.url}/v1/pay/fastcheckout/orders/${created.orderToken}`, {
      headers: { "API-Key": "test-api-key-0123456789abcdef", "X-Merchant-Token": h.merchantToken },
    })
    expect(rawRead.json.payer.shippingAddress.addition).toBeNull()
    const order = await h.client.getOrder(created.orderToken)
    expect(order.payer?.companyName).toBe("Bakkerij Brood BV")
    expect(order.payer?.phoneNumber).toBeUndefined()
    expect(order.payer?.shippingAddress.addition).toBeUndefined()
  })

  it("refuses a pay control with an invalid payer with 400, leaving the order NEW", async () => {
    const created = await h.client.createOrder(orderBody())
    const res = await control(created.orderToken, "pay", { payer: { firstName: "X" } })
    expect(res.status).toBe(400)
    expect(res.json.errors[0].code).toBe("ERR_1100_004")
    expect((await h.client.getOrder(created.orderToken)).status).toBe("NEW")
  })

  it.each([
    ["cancel", "CANCELLED"],
    ["expire", "EXPIRED"],
    ["error", "ERROR"],
  ])("%s makes the order %s and sends that webhook", async (action, status) => {
    const created = await h.client.createOrder(orderBody({ notificationUrl: hook.url }))
    const res = await control(created.orderToken, action)
    expect(res.status).toBe(200)
    expect(res.json.status).toBe(status)
    const order = await h.client.getOrder(created.orderToken)
    expect(order.status).toBe(status)
    expect(order.payer).toBeUndefined()
    await eventually(() => expect(webhooksOf(created.orderToken)).toEqual([status]))
  })

  it("never changes a final state: every control on a final order answers 409 and sends nothing", async () => {
    for (const first of ["pay", "cancel", "expire", "error"]) {
      const created = await h.client.createOrder(orderBody({ notificationUrl: hook.url }))
      await control(created.orderToken, first)
      const before = (await h.client.getOrder(created.orderToken)).status
      for (const next of ["pay", "cancel", "expire", "error"]) {
        const res = await control(created.orderToken, next)
        expect(res.status).toBe(409)
        expect(res.json.errors[0]).toMatchObject({ code: "ORDER_ALREADY_FINAL", category: "CONFLICT", status: 409 })
        expect(res.json.errors[0].message).toContain(before)
      }
      await h.control.advanceClock(3_600)
      expect((await h.client.getOrder(created.orderToken)).status).toBe(before)
      await eventually(() => expect(webhooksOf(created.orderToken)).toEqual([before]))
    }
    expect(FAST_CHECKOUT_FINAL_STATUSES).toEqual(["PAID", "CANCELLED", "EXPIRED", "ERROR"])
  })

  it("answers a control on an unknown order with 404 ERR_4100_004", async () => {
    const res = await control("no-such-order", "pay")
    expectServiceError(res, 404, "ERR_4100_004", "NOT_FOUND")
  })

  it("expires an order on read once `expiration` seconds of sandbox time have passed, with an EXPIRED webhook", async () => {
    const created = await h.client.createOrder(orderBody({ expiration: 120, notificationUrl: hook.url }))
    await h.control.advanceClock(119)
    expect((await h.client.getOrder(created.orderToken)).status).toBe("NEW")
    await h.control.advanceClock(1)
    expect((await h.client.getOrder(created.orderToken)).status).toBe("EXPIRED")
    await eventually(() => expect(webhooksOf(created.orderToken)).toEqual(["EXPIRED"]))
    const pay = await control(created.orderToken, "pay")
    expect(pay.status).toBe(409)
  })

  it("expires unread orders by itself, so the EXPIRED webhook arrives without anyone reading", async () => {
    const created = await h.client.createOrder(orderBody({ expiration: 30, notificationUrl: hook.url }))
    await h.control.advanceClock(31)
    await eventually(() => expect(webhooksOf(created.orderToken)).toEqual(["EXPIRED"]))
    expect((await h.client.getOrder(created.orderToken)).status).toBe("EXPIRED")
  })

  it("sends no webhook for an order without notificationUrl, but still changes its state", async () => {
    const created = await h.client.createOrder(orderBody({ referenceId: "no-hook" }))
    await control(created.orderToken, "pay")
    expect((await h.client.getOrder(created.orderToken)).status).toBe("PAID")
    const deliveries = await h.control.deliveries("fastCheckout.webhook")
    expect(deliveries.filter((d) => (d.body as { orderToken: string }).orderToken === created.orderToken)).toEqual([])
  })

  it("lists orders with their sandbox-only details, filtered by status and referenceId", async () => {
    const a = await h.client.createOrder(orderBody({ referenceId: "list-a", notificationUrl: hook.url }))
    const b = await h.client.createOrder(orderBody({ referenceId: "list-b" }))
    await control(b.orderToken, "pay")
    const all = await h.control.get<{ orders: Array<Record<string, unknown>> }>(
      "/_sandbox/fastcheckout/orders?referenceId=list-a"
    )
    expect(all.orders).toEqual([
      expect.objectContaining({
        orderToken: a.orderToken,
        referenceId: "list-a",
        status: "NEW",
        checkoutUrl: a.checkoutUrl,
        redirectUrl: "https://shop.example/checkout/done",
        notificationUrl: hook.url,
        expiration: 600,
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
      }),
    ])
    const paid = await h.control.get<{ orders: Array<{ orderToken: string; status: FastCheckoutStatus }> }>(
      "/_sandbox/fastcheckout/orders?status=PAID"
    )
    expect(paid.orders.map((o) => o.orderToken)).toContain(b.orderToken)
    expect(paid.orders.every((o) => o.status === "PAID")).toBe(true)
    const bad = await raw("GET", `${h.sandbox.url}/_sandbox/fastcheckout/orders?status=DONE`)
    expect(bad.status).toBe(400)
  })

  it("forgets orders and merchants on POST /_sandbox/reset", async () => {
    const created = await h.client.createOrder(orderBody())
    await h.control.reset()
    const list = await h.control.get<{ orders: unknown[] }>("/_sandbox/fastcheckout/orders")
    expect(list.orders).toEqual([])
    const e = await caught(() => h.client.getOrder(created.orderToken))
    expect(e).toMatchObject({ code: "ERR_4100_005", status: 401 })
    await h.reset()
  })
})
