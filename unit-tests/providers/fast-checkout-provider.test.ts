import { MedusaError, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import { TikkieFastCheckoutProviderService } from "../../src/providers/fast-checkout/service"
import { FAST_CHECKOUT_CART_KEY } from "../../src/providers/fast-checkout/session-data"
import { fastCheckoutConnection } from "../../src/providers/fast-checkout/connection"
import { parseFastCheckoutProviderOptions } from "../../src/providers/fast-checkout/options"
import { isFastCheckoutWebhookKey } from "../../src/providers/fast-checkout/webhook-key"
import TikkieModuleService from "../../src/modules/tikkie/service"
import type { FastCheckoutOrder } from "tikkie-client/fast-checkout"
import { SandboxControl, startSandbox, type RunningSandbox } from "tikkie-sandbox"
import { FastCheckoutClient } from "tikkie-client/fast-checkout"

/**
 * The provider on its own, against the sandbox over HTTP: what Medusa's payment module sees for each
 * Fast Checkout state, and the operations Fast Checkout does not have.
 */
describe("Tikkie Fast Checkout payment provider", () => {
  let sandbox: RunningSandbox
  let control: SandboxControl
  let provider: TikkieFastCheckoutProviderService
  const logs: string[] = []
  const logger = {
    info: (m: string) => logs.push(m),
    warn: (m: string) => logs.push(m),
    error: (m: string) => logs.push(m),
    debug: () => undefined,
  }
  const apiKey = "provider-test-api-key"
  let merchantToken: string

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 })
    control = new SandboxControl(sandbox.url)
    const bootstrap = new FastCheckoutClient({ apiKey, baseUrl: sandbox.url })
    merchantToken = (await bootstrap.createSandboxMerchant()).merchantToken
    await bootstrap.close()
    provider = new TikkieFastCheckoutProviderService(providerContainer(), options())
  })
  afterAll(async () => {
    await control.close()
    await sandbox.close()
  })

  /** The payment module's container as Medusa builds it with `dependencies: ["tikkie"]` (no database here). */
  function providerContainer() {
    return { logger, tikkie: new TikkieModuleService({ logger }), configModule } as never
  }
  const configModule = { projectConfig: { http: { jwtSecret: "provider-test-jwt-secret" } } }

  function options(over: Record<string, unknown> = {}) {
    return {
      apiKey,
      merchantToken,
      baseUrl: sandbox.url,
      storeUrl: "http://localhost:9000",
      successUrl: "http://localhost:8000/order/confirmed",
      failureUrl: "http://localhost:8000/checkout",
      ...over,
    }
  }

  const cartInput = {
    cartId: "cart_1",
    items: [{ itemName: "Stroopwafels", priceInCents: 478, quantity: 2 }],
    shippingCostsInCents: 599,
    discountInCents: 0,
    totalInCents: 1555,
  }

  async function newSession(sessionId = `payses_${Math.random().toString(36).slice(2)}`) {
    return provider.initiatePayment({
      amount: 15.55,
      currency_code: "eur",
      data: { [FAST_CHECKOUT_CART_KEY]: cartInput },
      context: { idempotency_key: sessionId },
    })
  }

  it("creates the order with the session id as referenceId and the plugin's webhook and return routes", async () => {
    const session = await newSession("payses_ref")
    const { orders } = await control.get<{ orders: any[] }>(`/_sandbox/fastcheckout/orders?referenceId=payses_ref`)
    expect(orders).toHaveLength(1)
    expect(orders[0]).toEqual(
      expect.objectContaining({
        orderToken: session.id,
        notificationUrl: expect.stringMatching(
          /^http:\/\/localhost:9000\/hooks\/tikkie\/fast-checkout\?key=[\w-]{32}$/
        ),
        redirectUrl: "http://localhost:9000/hooks/tikkie/fast-checkout/return?session_id=payses_ref",
        expiration: 900,
        shippingCostsInCents: 599,
      })
    )
    expect(session.status).toBe(PaymentSessionStatus.PENDING)
    expect(session.data).toEqual(
      expect.objectContaining({ orderToken: session.id, amountInCents: 1555, status: "NEW" })
    )
    // The key is this order's: the store's secret and this referenceId, no other.
    const key = new URL(orders[0].notificationUrl).searchParams.get("key")!
    expect(isFastCheckoutWebhookKey("provider-test-jwt-secret", "payses_ref", key)).toBe(true)
    expect(isFastCheckoutWebhookKey("provider-test-jwt-secret", "payses_other", key)).toBe(false)
    expect(isFastCheckoutWebhookKey("another-jwt-secret", "payses_ref", key)).toBe(false)
  })

  it("without Medusa's configuration in its container, gives Tikkie the webhook route without a key", async () => {
    const bare = new TikkieFastCheckoutProviderService(
      { logger, tikkie: new TikkieModuleService({ logger }) } as never,
      options()
    )
    await bare.initiatePayment({
      amount: 15.55,
      currency_code: "eur",
      data: { [FAST_CHECKOUT_CART_KEY]: cartInput },
      context: { idempotency_key: "payses_bare" },
    })
    const { orders } = await control.get<{ orders: any[] }>(`/_sandbox/fastcheckout/orders?referenceId=payses_bare`)
    expect(orders[0].notificationUrl).toBe("http://localhost:9000/hooks/tikkie/fast-checkout")
  })

  it("refuses lines that do not add up to the amount Medusa charges, before calling Tikkie", async () => {
    const before = (await control.requests("fastCheckout.createOrder")).length
    await expect(
      provider.initiatePayment({
        amount: 1.0,
        currency_code: "eur",
        data: { [FAST_CHECKOUT_CART_KEY]: cartInput },
        context: { idempotency_key: "payses_forged" },
      })
    ).rejects.toThrow(/add up to 1555 cents but the payment is 100 cents/)
    expect((await control.requests("fastCheckout.createOrder")).length).toBe(before)
  })

  it("refuses a session without server-computed lines, with a message saying how to start one", async () => {
    await expect(
      provider.initiatePayment({
        amount: 15.55,
        currency_code: "eur",
        data: {},
        context: { idempotency_key: "payses_x" },
      })
    ).rejects.toThrow(/POST \/store\/carts\/:id\/tikkie-fast-checkout/)
  })

  /** The plugin's own read of an order, as the settlement makes it (workflows/utils/call-tikkie-provider.ts). */
  async function readThroughProvider(orderToken: string): Promise<FastCheckoutOrder | undefined> {
    const tikkie = (provider as unknown as { tikkie: TikkieModuleService }).tikkie
    return fastCheckoutConnection(tikkie, parseFastCheckoutProviderOptions(options()), logger as never).getOrder(
      orderToken
    )
  }

  it.each([
    ["NEW", undefined, PaymentSessionStatus.PENDING],
    ["PAID", "pay", PaymentSessionStatus.CAPTURED],
    ["CANCELLED", "cancel", PaymentSessionStatus.CANCELED],
    ["EXPIRED", "expire", PaymentSessionStatus.CANCELED],
    ["ERROR", "error", PaymentSessionStatus.ERROR],
  ])(
    "maps %s to the session status, and lends the plugin its read of the order",
    async (state, controlAction, sessionStatus) => {
      const session = await newSession()
      if (controlAction) await control.post(`/_sandbox/fastcheckout/orders/${session.id}/${controlAction}`)
      const status = await provider.getPaymentStatus({ data: session.data })
      expect(status.status).toBe(sessionStatus)
      expect(status.data).toEqual(expect.objectContaining({ status: state }))
      const authorized = await provider.authorizePayment({ data: session.data })
      expect(authorized.status).toBe(sessionStatus)
      const order = await readThroughProvider(session.id)
      expect(order?.status).toBe(state)
      expect(order?.referenceId).toBe((session.data as { referenceId: string }).referenceId)
      if (state === "PAID")
        expect(status.data).toEqual(expect.objectContaining({ payer: expect.objectContaining({ lastName: "Jansen" }) }))
    }
  )

  it("refuses a refund: Fast Checkout has no refund operation", async () => {
    const session = await newSession()
    await control.post(`/_sandbox/fastcheckout/orders/${session.id}/pay`)
    const error = await provider.refundPayment({ amount: 1, data: session.data }).catch((e) => e)
    expect(error).toBeInstanceOf(MedusaError)
    expect(error.type).toBe(MedusaError.Types.NOT_ALLOWED)
    expect(error.message).toMatch(/no refund operation/)
  })

  it("cancels an unpaid session by letting it expire, and refuses to cancel a paid one", async () => {
    const unpaid = await newSession()
    await expect(provider.cancelPayment({ data: unpaid.data })).resolves.toEqual({ data: unpaid.data })
    const paid = await newSession()
    await control.post(`/_sandbox/fastcheckout/orders/${paid.id}/pay`)
    const { data } = await provider.authorizePayment({ data: paid.data })
    await expect(provider.cancelPayment({ data })).rejects.toThrow(/paid and Fast Checkout cannot cancel/)
  })

  it("ignores a webhook body that is not a Fast Checkout webhook", async () => {
    await expect(
      provider.getWebhookActionAndData({ data: { hello: "world" }, rawData: "", headers: {} })
    ).resolves.toEqual({
      action: PaymentActions.NOT_SUPPORTED,
    })
  })

  it("answers not_supported, reading nothing, to any payload Medusa's generic /hooks/payment route can build", async () => {
    const session = await newSession()
    await control.post(`/_sandbox/fastcheckout/orders/${session.id}/pay`)
    await control.clearRequests()
    const body = {
      referenceId: (session.data as { referenceId: string }).referenceId,
      orderToken: session.id,
      status: "PAID",
    }
    // What the route passes (body, raw body, headers, all the caller's), also after a JSON round trip
    // through the Redis event bus.
    const forged = [
      { data: body, rawData: Buffer.from(JSON.stringify(body)), headers: { "content-type": "application/json" } },
      JSON.parse(JSON.stringify({ data: body, rawData: "", headers: {} })),
      {
        ...JSON.parse(JSON.stringify({ data: body, rawData: "", headers: {} })),
        "medusa-plugin-tikkie.provider-call": "getOrder",
      },
    ]
    for (const payload of forged) {
      await expect(provider.getWebhookActionAndData(payload)).resolves.toEqual({ action: PaymentActions.NOT_SUPPORTED })
    }
    expect(await control.requests("fastCheckout.getOrder")).toHaveLength(0)
    // The plugin's own read still reads the order.
    expect((await readThroughProvider(session.id))?.status).toBe("PAID")
    expect(await control.requests("fastCheckout.getOrder")).toHaveLength(1)
  })

  it("refuses to be built without the plugin's tikkie module, naming the line medusa-config.ts needs", () => {
    expect(() => new TikkieFastCheckoutProviderService({ logger } as never, options())).toThrow(
      'add dependencies: ["tikkie"] to the payment module\'s entry in medusa-config.ts'
    )
  })

  it("says which option is wrong at start-up, never echoing a credential", () => {
    const check = (o: Record<string, unknown>) => {
      try {
        TikkieFastCheckoutProviderService.validateOptions(o)
        return ""
      } catch (e) {
        return (e as Error).message
      }
    }
    expect(check(options())).toBe("")
    expect(check(options({ merchantToken: undefined }))).toMatch(/merchantToken is required/)
    expect(check(options({ storeUrl: "localhost:9000" }))).toMatch(/storeUrl must be an absolute http\(s\) URL/)
    expect(check(options({ expirationSeconds: 30 }))).toMatch(/expirationSeconds must be at least 60/)
    expect(check(options({ expirationSeconds: 86_401 }))).toMatch(/at most 86400/)
    expect(check(options({ product: "fastcheckout" }))).toMatch(/product must be "pay" or "tikkie"/)
    const wrong = check(options({ apiKey: "secret-key-123456", mystery: true }))
    expect(wrong).toMatch(/unknown option mystery/)
    expect(wrong).not.toContain("secret-key-123456")
  })

  it("reports an unreachable service without leaking the API key or merchant token", async () => {
    const offline = new TikkieFastCheckoutProviderService(
      providerContainer(),
      options({ baseUrl: "http://127.0.0.1:9", requestTimeoutMs: 500 })
    )
    const error = await offline
      .initiatePayment({
        amount: 15.55,
        currency_code: "eur",
        data: { [FAST_CHECKOUT_CART_KEY]: cartInput },
        context: { idempotency_key: "payses_offline" },
      })
      .catch((e) => e)
    expect(error).toBeInstanceOf(MedusaError)
    expect(error.message).toBe(
      "Creating the Tikkie Fast Checkout order failed: Tikkie did not answer in time. Nothing was paid: try again in a minute, or choose another way to pay."
    )
    // The shopper is not shown where Tikkie was reached or what failed there: the log has it.
    expect(error.message).not.toContain("127.0.0.1")
    expect(logs.join("\n")).toMatch(/Creating the Tikkie Fast Checkout order failed: .*127\.0\.0\.1:9/)
    for (const secret of [apiKey, merchantToken]) {
      expect(error.message).not.toContain(secret)
      expect(logs.join("\n")).not.toContain(secret)
    }
  })
})
