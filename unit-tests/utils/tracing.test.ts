import { context, propagation, trace } from "@medusajs/framework/opentelemetry/api"
import {
  InMemorySpanExporter,
  NodeTracerProvider,
  SimpleSpanProcessor,
} from "@medusajs/framework/opentelemetry/sdk-trace-node"
import { FastCheckoutClient } from "tikkie-client/fast-checkout"
import { SandboxControl, startSandbox, type RunningSandbox } from "tikkie-sandbox"
import { currentTraceparent, inSpan, linkTo, tikkieCallSpans } from "../../src/utils/tracing"

/** The Tikkie call spans of real clients against the sandbox, without an SDK and with one. */
describe("tracing", () => {
  let sandbox: RunningSandbox
  let control: SandboxControl
  let client: FastCheckoutClient
  const apiKey = "tracing-api-key"
  const orderBody = () => ({
    referenceId: "ref-1",
    currency: "EUR" as const,
    expiration: 600,
    items: [{ itemName: "Stroopwafels", priceInCents: 399, quantity: 1 }],
    shippingCostsInCents: 0,
    redirectUrl: "https://shop.example/return",
    notificationUrl: "https://shop.example/hook",
  })

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 })
    control = new SandboxControl(sandbox.url)
    const { merchantToken } = await new FastCheckoutClient({ apiKey, baseUrl: sandbox.url }).createSandboxMerchant()
    client = new FastCheckoutClient({
      apiKey,
      merchantToken,
      baseUrl: sandbox.url,
      retry: { baseDelayMs: 1, maxDelayMs: 2 },
      observer: tikkieCallSpans(),
    })
  })
  afterAll(async () => {
    await client.close()
    await control.close()
    await sandbox.close()
  })

  it("without an SDK: no span is recorded and no traceparent is handed on", async () => {
    expect(tikkieCallSpans().start({ operation: "fastCheckout.getOrder", method: "GET" })).toBeUndefined()
    const { orderToken } = await client.createOrder(orderBody())
    expect((await client.getOrder(orderToken)).orderToken).toBe(orderToken)
    expect(await inSpan("outer", {}, async () => currentTraceparent())).toBeUndefined()
  })

  describe("with an SDK registered", () => {
    const exporter = new InMemorySpanExporter()
    const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })
    beforeAll(() => provider.register())
    afterAll(async () => {
      await provider.shutdown()
      trace.disable()
      context.disable()
      propagation.disable()
    })
    beforeEach(() => exporter.reset())

    it("one client span per call, child of the active span: attempts, statuses and waits, no token", async () => {
      const { orderToken } = await client.createOrder(orderBody())
      await control.injectFault("fastCheckout.getOrder", "503", 1)
      exporter.reset()
      await inSpan("outer", {}, () => client.getOrder(orderToken))
      const [call, outer] = exporter.getFinishedSpans()
      expect(outer.name).toBe("outer")
      expect(call.name).toBe("tikkie.fastCheckout.getOrder")
      expect(call.parentSpanContext?.spanId).toBe(outer.spanContext().spanId)
      expect(call.attributes).toEqual(
        expect.objectContaining({
          "tikkie.service": "fastCheckout",
          "http.response.status_code": 200,
          "tikkie.attempts": 2,
          "tikkie.rate_wait_ms": expect.any(Number),
        })
      )
      expect(call.events.map((e) => e.attributes?.["http.response.status_code"])).toEqual([503, 200])
      expect(JSON.stringify([call.attributes, call.events])).not.toContain(orderToken)
    })

    it("a failed call is an error span with its code", async () => {
      await expect(client.getOrder("unknown-order-token-0001")).rejects.toThrow()
      const [call] = exporter.getFinishedSpans()
      expect(call.status.code).toBe(2)
      expect(call.attributes["http.response.status_code"]).toBe(404)
      expect(call.attributes["tikkie.error_code"]).toEqual(expect.any(String))
    })

    it("a traceparent handed on names the active span; a malformed or empty one links nothing", async () => {
      let handed: string | undefined
      await inSpan("hook", {}, async () => {
        handed = currentTraceparent()
      })
      const [hook] = exporter.getFinishedSpans()
      expect(handed).toBe(`00-${hook.spanContext().traceId}-${hook.spanContext().spanId}-01`)
      expect(linkTo(handed).map((l) => l.context.spanId)).toEqual([hook.spanContext().spanId])
      expect(linkTo(undefined)).toEqual([])
      expect(linkTo("00-abc-def-01")).toEqual([])
      expect(linkTo(`00-${"0".repeat(32)}-${"0".repeat(16)}-01`)).toEqual([])
    })
  })
})
