import { MedusaError, PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import fc from "fast-check"
import {
  checkoutDescription,
  descriptionLanguage,
  fitDescription,
  orderDescription,
  refundDescription,
} from "../../src/providers/payment-request/description"
import { TikkiePaymentRequestProviderService } from "../../src/providers/payment-request/service"
import { parsePaymentRequestProviderOptions } from "../../src/providers/payment-request/options"
import { PAYMENT_REQUEST_INPUT_KEY } from "../../src/providers/payment-request/session-data"
import { PaymentRequestsClient } from "tikkie-client/payment-requests/v2"
import { characterLength } from "tikkie-client/payment-requests/v2/rules"
import { SandboxControl, startSandbox, type RunningSandbox } from "tikkie-sandbox"
import TikkieModuleService from "../../src/modules/tikkie/service"

/**
 * The payment request provider on its own, against the sandbox over HTTP: what Medusa's payment module
 * sees before and after a payment, refunds within and above Tikkie's limit, and cancel.
 */
describe("Tikkie payment request payment provider", () => {
  let sandbox: RunningSandbox
  let control: SandboxControl
  let provider: TikkiePaymentRequestProviderService
  const logs: string[] = []
  const logger = {
    info: (m: string) => logs.push(m),
    warn: (m: string) => logs.push(m),
    error: (m: string) => logs.push(m),
    debug: () => undefined,
  }
  const apiKey = "pr-provider-test-api-key"
  let appToken: string

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 })
    control = new SandboxControl(sandbox.url)
    const bootstrap = new PaymentRequestsClient({ apiKey, baseUrl: sandbox.url })
    appToken = (await bootstrap.createSandboxApp()).appToken
    await bootstrap.close()
    provider = new TikkiePaymentRequestProviderService(
      { logger, tikkie: new TikkieModuleService({ logger }) } as never,
      options()
    )
  })
  afterAll(async () => {
    await control.close()
    await sandbox.close()
  })

  function options(over: Record<string, unknown> = {}) {
    return {
      apiKey,
      appToken,
      baseUrl: sandbox.url,
      storeUrl: "http://localhost:9000",
      successUrl: "http://localhost:8000/order/confirmed",
      failureUrl: "http://localhost:8000/checkout",
      storeName: "Winkel",
      ...over,
    }
  }

  const initiate = (cents: number, sessionId = `payses_${Math.random().toString(36).slice(2, 12)}`) =>
    provider.initiatePayment({
      amount: cents / 100,
      currency_code: "eur",
      data: { [PAYMENT_REQUEST_INPUT_KEY]: { description: "Winkel, 2 items" } },
      context: { idempotency_key: sessionId },
    })

  it("creates a request for the exact amount, with the session as referenceId, pending until paid, then captured", async () => {
    const created = await initiate(1234, "payses_01JABCDEF")
    expect(created.status).toBe(PaymentSessionStatus.PENDING)
    expect(created.data).toEqual(
      expect.objectContaining({
        amountInCents: 1234,
        referenceId: "payses_01JABCDEF",
        description: "Winkel, 2 items",
        status: "OPEN",
      })
    )
    expect((await provider.authorizePayment({ data: created.data })).status).toBe(PaymentSessionStatus.PENDING)
    await control.post(`/_sandbox/paymentrequests/${created.data!.paymentRequestToken}/pay`, {})
    const authorized = await provider.authorizePayment({ data: created.data })
    expect(authorized.status).toBe(PaymentSessionStatus.CAPTURED)
    expect((authorized.data as any).payments).toEqual([expect.objectContaining({ amountInCents: 1234 })])
    await expect(provider.capturePayment({ data: authorized.data })).resolves.toBeDefined()
  })

  it("refuses currencies other than EUR and nothing to pay before calling Tikkie", async () => {
    await expect(
      provider.initiatePayment({ amount: 10, currency_code: "usd", data: {}, context: { idempotency_key: "payses_x" } })
    ).rejects.toThrow(/EUR only/)
    await expect(
      provider.initiatePayment({ amount: 0, currency_code: "eur", data: {}, context: { idempotency_key: "payses_x" } })
    ).rejects.toThrow(/Nothing to pay/)
  })

  it("refunds partly and repeatedly with numbered descriptions, and refuses above paid + €25 with nothing refunded", async () => {
    const created = await initiate(1000)
    await control.post(`/_sandbox/paymentrequests/${created.data!.paymentRequestToken}/pay`, {})
    let data = (await provider.authorizePayment({ data: created.data })).data!
    data = (await provider.refundPayment({ data, amount: 4, context: { idempotency_key: "ref_01" } })).data!
    data = (await provider.refundPayment({ data, amount: 6, context: { idempotency_key: "ref_02" } })).data!
    const refunds = (data as any).payments[0].refunds
    expect(refunds.map((r: any) => [r.amountInCents, r.description, r.status, r.referenceId])).toEqual([
      [400, "Refund 1: Winkel, 2 items", "PENDING", "ref_01"],
      [600, "Refund 2: Winkel, 2 items", "PENDING", "ref_02"],
    ])
    // €10 paid, €10 refunded: €25.00 more is allowed, €25.01 is not.
    const refused = await provider.refundPayment({ data, amount: 25.01 }).catch((e) => e)
    expect(refused).toBeInstanceOf(MedusaError)
    expect(refused.message).toBe(
      "Tikkie refuses this refund of €25.01: refunds of one payment may total at most the €10.00 paid plus €25.00, and €10.00 was refunded already. Nothing was refunded."
    )
    const [pr] = (await control.get<{ paymentRequests: any[] }>("/_sandbox/paymentrequests")).paymentRequests.filter(
      (p) => p.paymentRequestToken === created.data!.paymentRequestToken
    )
    expect(pr.payments[0].refunds).toHaveLength(2)
    await expect(provider.refundPayment({ data, amount: 25 })).resolves.toBeDefined()
  })

  it("refuses to refund an unpaid request and to cancel a paid one; cancelling an unpaid one says the link stays payable", async () => {
    const unpaid = await initiate(500)
    await expect(provider.refundPayment({ data: unpaid.data, amount: 1 })).rejects.toThrow(/no payment to refund/)
    const cancelled = await provider.cancelPayment({ data: unpaid.data })
    expect((cancelled.data as any).cancelled.note).toMatch(
      /cannot be closed through the API: the link stays payable until the end of \d{4}-\d{2}-\d{2}/
    )

    const paid = await initiate(700)
    await control.post(`/_sandbox/paymentrequests/${paid.data!.paymentRequestToken}/pay`, {})
    const data = (await provider.authorizePayment({ data: paid.data })).data
    await expect(provider.cancelPayment({ data })).rejects.toThrow(
      /paid and cannot be cancelled; refund the payment instead/
    )
  })

  it("does not act on Medusa's generic webhook route", async () => {
    const r = await provider.getWebhookActionAndData({
      data: { notificationType: "PAYMENT" },
      rawData: "",
      headers: {},
    })
    expect(r.action).toBe(PaymentActions.NOT_SUPPORTED)
  })

  it("names a wrong option without its value", () => {
    const attempt = () =>
      TikkiePaymentRequestProviderService.validateOptions(
        options({ appToken: "secret-not-a-uuid", baseUrl: "ftp://x" })
      )
    expect(attempt).toThrow(/appToken must be a UUID/)
    expect(attempt).toThrow(/baseUrl must be an absolute http\(s\) URL/)
    expect(attempt).not.toThrow(/secret-not-a-uuid/)
  })

  it("reminders: off by default, one reminder with the default template; out-of-range values named at start-up", () => {
    const parsed = parsePaymentRequestProviderOptions(options({}))
    expect(parsed).toEqual(
      expect.objectContaining({
        reminderAfterDays: 0,
        maxReminders: 1,
        reminderTemplate: "tikkie-payment-link-reminder",
      })
    )
    const attempt = (o: Record<string, unknown>) => () =>
      TikkiePaymentRequestProviderService.validateOptions(options(o))
    expect(attempt({ reminderAfterDays: 61 })).toThrow(/reminderAfterDays must be at most 60/)
    expect(attempt({ reminderAfterDays: 1.5 })).toThrow(/reminderAfterDays must be a whole number of days/)
    expect(attempt({ maxReminders: 0 })).toThrow(/maxReminders must be at least 1/)
    expect(attempt({ reminderTemplate: " " })).toThrow(/reminderTemplate must not be empty/)
    expect(parsePaymentRequestProviderOptions(options({ reminderAfterDays: 3, maxReminders: 2 }))).toEqual(
      expect.objectContaining({ reminderAfterDays: 3, maxReminders: 2 })
    )
  })

  it("descriptions always fit Tikkie's 35 characters and keep the distinguishing part", () => {
    expect(checkoutDescription("Tikkie Demo Winkel", 4)).toBe("Tikkie Demo Winkel, 4 items")
    expect(checkoutDescription("Een hele lange winkelnaam voor de test", 1)).toBe("Een hele lange winkelnaam…, 1 item")
    expect(orderDescription("Tikkie Demo Winkel", 12)).toBe("Tikkie Demo Winkel order #12")
    // Too long with the item count: the store's name is kept whole, the count left out.
    expect(refundDescription(1, "Tikkie Demo Winkel, 4 items")).toBe("Refund 1: Tikkie Demo Winkel")
    fc.assert(
      fc.property(
        fc.string({ maxLength: 80 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 99 }),
        (name, n, k) => {
          const store = name.trim() || "x"
          for (const d of [
            checkoutDescription(store, n),
            orderDescription(store, n),
            refundDescription(k, store),
            fitDescription(store),
          ]) {
            if (characterLength(d) > 35) return false
          }
          return checkoutDescription(store, n).endsWith(n > 0 ? `${n} item${n === 1 ? "" : "s"}` : " order")
        }
      )
    )
  })

  it("descriptions in Dutch for a Dutch payer, and a refund in the language of the payment it refunds", () => {
    expect(checkoutDescription("Tikkie Demo Winkel", 2, "nl")).toBe("Tikkie Demo Winkel, 2 artikelen")
    expect(checkoutDescription("Tikkie Demo Winkel", 1, "nl")).toBe("Tikkie Demo Winkel, 1 artikel")
    expect(checkoutDescription("Een hele lange winkelnaam voor de test", 12, "nl")).toBe(
      "Een hele lange winke…, 12 artikelen"
    )
    expect(orderDescription("Tikkie Demo Winkel", 12, "nl")).toBe("Tikkie Demo Winkel bestelling #12")
    expect(refundDescription(1, "Tikkie Demo Winkel, 4 artikelen")).toBe("Terugbetaling 1: Tikkie Demo Winkel")
    expect(refundDescription(2, "Winkel bestelling #12")).toBe("Terugbetaling 2: bestelling #12")
    expect(refundDescription(2, "Winkel order #12")).toBe("Refund 2: Winkel order #12")
    // Text an admin typed says nothing of its language: English, as before.
    expect(refundDescription(1, "Factuur 2026-118")).toBe("Refund 1: Factuur 2026-118")
    fc.assert(
      fc.property(
        fc.string({ maxLength: 80 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 99 }),
        (name, n, k) => {
          const store = name.trim() || "x"
          const ds = [checkoutDescription(store, n, "nl"), orderDescription(store, n, "nl")]
          if (ds.some((d) => characterLength(d) > 35)) return false
          if (ds.some((d) => characterLength(refundDescription(k, d)) > 35)) return false
          return (
            ds.every((d) => descriptionLanguage(d) === "nl") &&
            refundDescription(k, ds[1]).startsWith(`Terugbetaling ${k}: `) &&
            ds[0].endsWith(n > 0 ? `${n} ${n === 1 ? "artikel" : "artikelen"}` : " bestelling")
          )
        }
      )
    )
  })
})
