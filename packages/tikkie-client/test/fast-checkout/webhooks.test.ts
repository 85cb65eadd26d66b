import { MAX_DELIVERY_ATTEMPTS } from "tikkie-sandbox/deliveries"
import { eventually, orderBody, startHarness, startWebhookReceiver, type Harness } from "./helpers"

const BACKOFF_MS = 40

/** Webhook delivery to the shop's notificationUrl: best effort, three attempts with backoff. */
describe("Fast Checkout: webhook delivery", () => {
  let h: Harness
  let hook: Awaited<ReturnType<typeof startWebhookReceiver>>
  beforeAll(async () => {
    h = await startHarness({ deliveryBackoffMs: BACKOFF_MS })
    hook = await startWebhookReceiver()
  })
  afterAll(async () => {
    await hook.close()
    await h.close()
  })

  const received = (orderToken: string) => hook.received.filter((r) => r.body?.orderToken === orderToken)

  it("tries three times, with growing pauses, when the shop answers 500, then gives up", async () => {
    hook.answerNext(500, 500, 500)
    const created = await h.client.createOrder(orderBody({ referenceId: "hook-500", notificationUrl: hook.url }))
    await h.control.post(`/_sandbox/fastcheckout/orders/${created.orderToken}/pay`)

    const attempts = await eventually(() => {
      const got = received(created.orderToken)
      expect(got).toHaveLength(MAX_DELIVERY_ATTEMPTS)
      return got
    })
    expect(MAX_DELIVERY_ATTEMPTS).toBe(3)
    for (const a of attempts) {
      expect(a.body).toEqual({ referenceId: "hook-500", orderToken: created.orderToken, status: "PAID" })
    }
    // Backoff: no attempt follows the previous one at once (timers never fire early by more than a tick).
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(BACKOFF_MS - 5)
    expect(attempts[2].at - attempts[1].at).toBeGreaterThanOrEqual(2 * BACKOFF_MS - 5)

    const delivery = await eventually(async () => {
      const d = (await h.control.deliveries("fastCheckout.webhook")).find(
        (x) => (x.body as { orderToken: string }).orderToken === created.orderToken
      )
      expect(d?.state).toBe("failed")
      return d!
    })
    expect(delivery.url).toBe(hook.url)
    expect(delivery.attempts.map((a) => a.status)).toEqual([500, 500, 500])
  })

  it("stops retrying as soon as the shop accepts", async () => {
    hook.answerNext(500)
    const created = await h.client.createOrder(orderBody({ notificationUrl: hook.url }))
    await h.control.post(`/_sandbox/fastcheckout/orders/${created.orderToken}/cancel`)
    const delivery = await eventually(async () => {
      const d = (await h.control.deliveries("fastCheckout.webhook")).find(
        (x) => (x.body as { orderToken: string }).orderToken === created.orderToken
      )
      expect(d?.state).toBe("delivered")
      return d!
    })
    expect(delivery.attempts.map((a) => a.status)).toEqual([500, 200])
    expect(received(created.orderToken).map((r) => r.body.status)).toEqual(["CANCELLED", "CANCELLED"])
  })

  it("gives a receiver that cannot be reached three attempts too, without disturbing the sandbox", async () => {
    const created = await h.client.createOrder(orderBody({ notificationUrl: "http://127.0.0.1:1/unreachable" }))
    await h.control.post(`/_sandbox/fastcheckout/orders/${created.orderToken}/pay`)
    const delivery = await eventually(async () => {
      const d = (await h.control.deliveries("fastCheckout.webhook")).find(
        (x) => (x.body as { orderToken: string }).orderToken === created.orderToken
      )
      expect(d?.state).toBe("failed")
      return d!
    })
    expect(delivery.attempts).toHaveLength(3)
    expect(delivery.attempts.every((a) => typeof a.error === "string")).toBe(true)
    expect((await h.client.getOrder(created.orderToken)).status).toBe("PAID")
  })
})
