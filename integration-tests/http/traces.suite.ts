import { context, propagation, SpanKind, trace } from "@medusajs/framework/opentelemetry/api"
import {
  InMemorySpanExporter,
  NodeTracerProvider,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@medusajs/framework/opentelemetry/sdk-trace-node"
import { request } from "undici"
import { TIKKIE_MODULE } from "../../src/modules/tikkie"
import type TikkieModuleService from "../../src/modules/tikkie/service"
import { subscribePaymentRequestNotifications } from "../../src/workflows/payment-request/utils/subscribe-notifications"
import { enablePaymentLinks } from "../helpers/payment-request-env"
import {
  arriveAt,
  eventually,
  type SeededStore,
  seedStore,
  settledOrder,
  storeApi,
  useReadyCarts,
} from "../helpers/store-flow"
import { clearSandboxForNextTest } from "../helpers/tikkie-sandbox-env"
import { storeSuite } from "../helpers/store-suites"

/**
 * The plugin's spans as a shop's OpenTelemetry SDK receives them (docs/production.md, "Traces"): an
 * in-memory exporter registered the way Medusa's registerOtel registers its SDK, the real app, the sandbox.
 */
export default storeSuite("traces", {
  testSuite: ({ api, getContainer, tikkie }) => {
    const carts = useReadyCarts(2)
    const exporter = new InMemorySpanExporter()
    const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })
    let store: SeededStore
    let shop: ReturnType<typeof storeApi>
    const records = () => getContainer().resolve<TikkieModuleService>(TIKKIE_MODULE)

    beforeAll(async () => {
      provider.register()
      store = await seedStore(getContainer())
      shop = storeApi(api, store.publishableKey)
      await enablePaymentLinks(getContainer(), store.regionId)
      await carts.make(shop, store)
    })
    afterAll(async () => {
      await provider.shutdown()
      trace.disable()
      context.disable()
      propagation.disable()
    })
    beforeEach(async () => {
      await clearSandboxForNextTest(tikkie)
      exporter.reset()
    })

    const spans = () => exporter.getFinishedSpans()
    const named = (name: string) => spans().filter((s) => s.name === name)
    const id = (s: ReadableSpan) => s.spanContext().spanId
    const childrenOf = (parent: ReadableSpan) => spans().filter((s) => s.parentSpanContext?.spanId === id(parent))
    /** A settlement span that ended with `outcome`, once it has. */
    const settlement = (kind: string, outcome: string) =>
      eventually(async () =>
        named(`tikkie.settle.${kind}`).find((s) => s.attributes["tikkie.settlement.outcome"] === outcome)
      )
    /** Every name, attribute, event, status and link of every span, as one text. */
    const everything = () =>
      JSON.stringify(
        spans().map((s) => ({
          name: s.name,
          attributes: s.attributes,
          events: s.events.map((e) => [e.name, e.attributes]),
          status: s.status,
        }))
      )

    it("a Fast Checkout paid through the webhook: the hook's span, the settlement linked to it with its parts, each Tikkie call with its attempts; no token, payer or credential", async () => {
      const cart = await carts.take(shop, store)
      const started = await shop.startFastCheckout(cart.id)
      // The settlement's read of the order fails once (503) and is retried: two attempts, one span.
      await tikkie.control.injectFault("fastCheckout.getOrder", "503", 1)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      const order = await settledOrder(getContainer(), started.order_token, cart.id)

      const settled = await settlement("fast_checkout", "completed")
      expect(settled.attributes).toEqual({
        "tikkie.settlement.kind": "fast_checkout",
        "tikkie.settlement.source": "webhook",
        "tikkie.settlement.outcome": "completed",
        "medusa.order_id": order.id,
      })
      // Handed over through the event bus: a trace of its own, linked to the webhook's span.
      expect(settled.links).toHaveLength(1)
      const hook = named("tikkie.hook.fast_checkout.webhook").find((h) => id(h) === settled.links[0]?.context.spanId)!
      expect(hook.attributes).toEqual({
        "tikkie.hook": "fast_checkout.webhook",
        "http.request.method": "POST",
        "http.response.status_code": 200,
      })
      expect(settled.parentSpanContext).toBeUndefined()
      expect(settled.links.map((l) => [l.context.traceId, l.context.spanId])).toEqual([
        [hook.spanContext().traceId, id(hook)],
      ])

      // Its parts, one after the other, and the read of Tikkie inside it.
      const parts = childrenOf(settled).filter((s) => s.name.startsWith("tikkie.settle.part."))
      expect(parts.map((s) => s.attributes["tikkie.settlement.part"])).toEqual([
        "find record",
        "lock",
        "record read",
        "tikkie read",
        "cart check",
        "complete cart",
        "paid written",
        "payer import",
        "record write",
      ])
      const [read] = childrenOf(settled).filter((s) => s.name === "tikkie.fastCheckout.getOrder")
      expect(read.kind).toBe(SpanKind.CLIENT)
      expect(read.attributes).toEqual({
        "tikkie.service": "fastCheckout",
        "tikkie.operation": "fastCheckout.getOrder",
        "http.request.method": "GET",
        "http.response.status_code": 200,
        "tikkie.attempts": 2,
        "tikkie.rate_wait_ms": expect.any(Number),
        "tikkie.duration_ms": expect.any(Number),
        // Tikkie's own id of the request, for its support desk, when its answer carries one.
        ...("tikkie.trace_id" in read.attributes ? { "tikkie.trace_id": expect.any(String) } : {}),
      })
      expect(
        read.events.map((e) => [e.attributes?.["tikkie.attempt"], e.attributes?.["http.response.status_code"]])
      ).toEqual([
        [1, 503],
        [2, 200],
      ])
      expect(read.events[0].attributes).toEqual(expect.objectContaining({ "tikkie.error_code": expect.any(String) }))
      expect(read.events.every((e) => typeof e.attributes?.["tikkie.rate_wait_ms"] === "number")).toBe(true)

      // Creating the order at Tikkie (the store route) has its span too.
      const [created] = named("tikkie.fastCheckout.createOrder")
      expect(created.attributes).toEqual(
        expect.objectContaining({
          "http.request.method": "POST",
          "http.response.status_code": 201,
          "tikkie.attempts": 1,
        })
      )

      const text = everything()
      for (const secret of [
        started.order_token,
        started.checkout_url,
        process.env.TIKKIE_API_KEY!,
        process.env.TIKKIE_MERCHANT_TOKEN!,
        "jan.jansen@example.nl",
        "Jansen",
        "Damrak",
        "+31612345678",
        "http://",
      ])
        expect(text).not.toContain(secret)
    })

    it("a Fast Checkout settled on the shopper's return: the settlement is the return's child", async () => {
      const cart = await carts.take(shop, store)
      const started = await shop.startFastCheckout(cart.id)
      await tikkie.control.setDeliveryBehaviour("fail", 1)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      const back = await arriveAt(
        `${tikkie.storeUrl}/hooks/tikkie/fast-checkout/return?session_id=${started.payment_session_id}`
      )
      expect(back.location.searchParams.get("order_id")).toMatch(/^order_/)

      const settled = await settlement("fast_checkout", "completed")
      const [hook] = named("tikkie.hook.fast_checkout.return")
      expect(hook.attributes).toEqual(expect.objectContaining({ "http.response.status_code": 303 }))
      expect(settled.attributes["tikkie.settlement.source"]).toBe("return")
      expect(settled.parentSpanContext?.spanId).toBe(id(hook))
      expect(settled.links).toEqual([])
      expect(childrenOf(settled).map((s) => s.name)).toContain("tikkie.fastCheckout.getOrder")
      expect(everything()).not.toContain(started.order_token)
      expect(everything()).not.toContain(started.payment_session_id)
    })

    it("a payment link paid: the notification's span, the settlement linked to it, the reads of the request; no token or payer's name", async () => {
      await subscribePaymentRequestNotifications(getContainer(), { force: true })
      exporter.reset()
      const cart = await carts.take(shop, store)
      const { data: started } = await api.post(
        `/store/carts/${cart.id}/tikkie-payment-request`,
        {},
        { headers: shop.headers }
      )
      const page = await request(started.payment_url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "counterPartyName=Sanne+de+Vries",
      })
      await page.body.dump()
      const orderId = await eventually(
        async () =>
          (await records().listPaymentRequests({ payment_request_token: started.payment_request_token }))[0]?.order_id
      )

      const settled = await settlement("payment_request", "completed")
      expect(settled.attributes).toEqual({
        "tikkie.settlement.kind": "payment_request",
        "tikkie.settlement.source": "notification",
        "tikkie.settlement.outcome": "completed",
        "medusa.order_id": orderId,
      })
      const hook = named("tikkie.hook.payment_request.notification").find(
        (h) => id(h) === settled.links[0]?.context.spanId
      )!
      expect(hook.attributes["http.response.status_code"]).toBe(200)
      expect(settled.parentSpanContext).toBeUndefined()
      expect(settled.links.map((l) => [l.context.traceId, l.context.spanId])).toEqual([
        [hook.spanContext().traceId, id(hook)],
      ])
      const calls = childrenOf(settled).filter((s) => s.attributes["tikkie.service"] === "paymentRequestsV2")
      expect(calls.map((s) => s.name)).toEqual(expect.arrayContaining(["tikkie.paymentRequestsV2.getPaymentRequest"]))
      expect(calls.every((s) => s.attributes["tikkie.attempts"] === 1)).toBe(true)
      expect(childrenOf(settled).map((s) => s.attributes["tikkie.settlement.part"])).toEqual(
        expect.arrayContaining(["lock", "tikkie read", "complete cart"])
      )

      const text = everything()
      for (const secret of [
        started.payment_request_token,
        started.payment_url,
        "Sanne",
        "de Vries",
        process.env.TIKKIE_API_KEY!,
        process.env.TIKKIE_APP_TOKEN!,
        "http://",
      ])
        expect(text).not.toContain(secret)
    })
  },
})
