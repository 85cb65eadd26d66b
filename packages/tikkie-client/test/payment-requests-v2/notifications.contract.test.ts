import { PaymentRequestNotificationSchema, PaymentRequestsClient } from "../../src/payment-requests/v2"
import {
  API_KEY,
  appHeaders,
  caught,
  expectErrorBody,
  newApp,
  pay,
  raw,
  received,
  startReceiver,
  startV2,
  type Receiver,
  type V2Env,
} from "./helpers"

/** The notification subscription and the PAYMENT and REFUND notifications it receives. */
describe("payment requests v2: notifications", () => {
  let env: V2Env
  let receiver: Receiver
  beforeAll(async () => {
    env = await startV2()
    receiver = await startReceiver()
  })
  afterAll(async () => {
    await env.close()
    await receiver.close()
  })
  beforeEach(() => {
    receiver.bodies.length = 0
  })

  const notifications = async () => (await env.control.deliveries("paymentRequests.notification")).length

  it("subscribes with 201 {subscriptionId} and sends a PAYMENT notification when a payment is made", async () => {
    const res = await raw(env.sandbox.url, "POST", "/v2/pay/paymentrequestssubscription", {
      headers: appHeaders(env.appToken),
      json: { url: receiver.url },
    })
    expect(res.status).toBe(201)
    const { subscriptionId } = res.body as { subscriptionId: string }
    expect(subscriptionId).toMatch(/^[0-9a-f-]{36}$/)

    const pr = await env.client.createPaymentRequest({ description: "Notify me", amountInCents: 1500 })
    const p = await pay(env.control, pr.paymentRequestToken)
    const [body] = await receiver.waitFor(1)
    expect(body).toEqual({
      subscriptionId,
      notificationType: "PAYMENT",
      paymentRequestToken: pr.paymentRequestToken,
      paymentToken: p.paymentToken,
    })
    expect(PaymentRequestNotificationSchema.parse(body).notificationType).toBe("PAYMENT")
  })

  it("sends a REFUND notification when a refund is paid, not when it is created", async () => {
    const { subscriptionId } = await env.client.subscribeNotifications(receiver.url)
    const pr = await env.client.createPaymentRequest({ description: "Refund me", amountInCents: 900 })
    const p = await pay(env.control, pr.paymentRequestToken)
    await receiver.waitFor(1)

    const sentBefore = await notifications()
    const refund = await env.client.createRefund(pr.paymentRequestToken, p.paymentToken, {
      amountInCents: 900,
      description: "Sorry",
    })
    expect(await notifications()).toBe(sentBefore)

    await env.control.post(`/_sandbox/refunds/${refund.refundToken}/pay`)
    const bodies = await receiver.waitFor(2)
    const parsed = PaymentRequestNotificationSchema.parse(bodies[1])
    expect(parsed).toEqual({
      subscriptionId,
      notificationType: "REFUND",
      paymentRequestToken: pr.paymentRequestToken,
      paymentToken: p.paymentToken,
      refundToken: refund.refundToken,
    })
    await env.control.post(`/_sandbox/refunds/${refund.refundToken}/pay`)
    expect(await notifications()).toBe(sentBefore + 1)
  })

  it("keeps one subscription per app: subscribing again gives a new id and only the new url hears", async () => {
    const other = await startReceiver("/other")
    try {
      const first = await env.client.subscribeNotifications(receiver.url)
      const second = await env.client.subscribeNotifications(other.url)
      expect(second.subscriptionId).not.toBe(first.subscriptionId)

      const pr = await env.client.createPaymentRequest({ description: "Who hears", amountInCents: 100 })
      await pay(env.control, pr.paymentRequestToken)
      const [body] = await other.waitFor(1)
      expect(body).toEqual(
        expect.objectContaining({ subscriptionId: second.subscriptionId, notificationType: "PAYMENT" })
      )
      await env.sandbox.context.deliveries.idle()
      const last = (await env.control.deliveries("paymentRequests.notification")).at(-1)!
      expect({ url: last.url, state: last.state }).toEqual({ url: other.url, state: "delivered" })
      expect(receiver.bodies).toEqual([])
    } finally {
      await other.close()
    }
  })

  it("deletes the subscription with 204, after which no notification is sent", async () => {
    await env.client.subscribeNotifications(receiver.url)
    const res = await raw(env.sandbox.url, "DELETE", "/v2/pay/paymentrequestssubscription", {
      headers: appHeaders(env.appToken),
    })
    expect(res.status).toBe(204)
    expect(res.text).toBe("")
    expect(res.traceId).toMatch(/^[0-9a-f-]{36}$/)
    await env.client.deleteNotificationSubscription()

    const before = await notifications()
    const pr = await env.client.createPaymentRequest({ description: "Silent", amountInCents: 100 })
    await pay(env.control, pr.paymentRequestToken)
    await env.sandbox.context.deliveries.idle()
    expect(await notifications()).toBe(before)
    expect(receiver.bodies).toEqual([])
  })

  it("sends an app's notifications only to that app's subscription", async () => {
    await env.client.subscribeNotifications(receiver.url)
    const otherApp = await newApp(env.sandbox.url)
    const other = new PaymentRequestsClient({ apiKey: API_KEY, appToken: otherApp, baseUrl: env.sandbox.url })
    try {
      const before = await notifications()
      const pr = await other.createPaymentRequest({ description: "Other app", amountInCents: 100 })
      await pay(env.control, pr.paymentRequestToken)
      expect(await notifications()).toBe(before)
    } finally {
      await other.close()
    }
  })

  const badUrls: Array<[string, unknown, string]> = [
    ["no url", undefined, "URL_MISSING"],
    ["a blank url", " ", "URL_MISSING"],
    ["text that is not a url", "my webhook", "URL_INVALID"],
    ["an ftp url", "ftp://example.com/notify", "URL_INVALID"],
    ["plain http to another host", "http://shop.example.com/notify", "URL_DISALLOWED"],
    ["credentials in the url", "https://user:secret@shop.example.com/notify", "URL_DISALLOWED"],
  ]

  it.each(badUrls)("refuses %s: locally (nothing sent) and in the sandbox", async (_name, url, code) => {
    const before = await received(env.control, "paymentRequestsV2.subscribeNotifications")
    const e = await caught(() => env.client.subscribeNotifications(url as string))
    expect({ kind: e.kind, code: e.code, status: e.status }).toEqual({ kind: "local", code, status: 400 })
    expect(await received(env.control, "paymentRequestsV2.subscribeNotifications")).toBe(before)
    const res = await raw(env.sandbox.url, "POST", "/v2/pay/paymentrequestssubscription", {
      headers: appHeaders(env.appToken),
      json: url === undefined ? {} : { url },
    })
    expectErrorBody(res, 400, code)
  })

  it("accepts https anywhere and plain http to localhost", async () => {
    for (const url of [
      "https://shop.example.com/hooks/tikkie",
      "http://localhost:9000/hooks/payment/tikkie",
      "http://[::1]:9000/x",
    ]) {
      expect((await env.client.subscribeNotifications(url)).subscriptionId).toMatch(/^[0-9a-f-]{36}$/)
    }
    await env.client.deleteNotificationSubscription()
  })
})
