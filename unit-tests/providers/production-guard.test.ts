import { parseTikkieBankOptions } from "../../src/modules/tikkie-bank/options"
import { parseFastCheckoutProviderOptions } from "../../src/providers/fast-checkout/options"
import { parsePaymentRequestProviderOptions } from "../../src/providers/payment-request/options"

/**
 * A store started with NODE_ENV=production refuses plain http:// URLs and a Tikkie base URL on this
 * machine (where the sandbox runs), unless `sandbox: true` says the store talks to a sandbox on purpose.
 */
const live = {
  baseUrl: "https://api.abnamro.com",
  storeUrl: "https://api.shop.example",
  successUrl: "https://shop.example/order/confirmed",
  failureUrl: "https://shop.example/checkout",
}
const fastCheckout = (o: Record<string, unknown>) =>
  parseFastCheckoutProviderOptions({ apiKey: "k", merchantToken: "m", ...live, ...o })
const paymentRequest = (o: Record<string, unknown>) =>
  parsePaymentRequestProviderOptions({ apiKey: "k", appToken: "8c4b5a4e-4f7c-4a61-9d9a-2f1b0e3c6d7a", ...live, ...o })
const bank = (o: Record<string, unknown>) =>
  parseTikkieBankOptions({
    apiKey: "k",
    clientId: "TPP_test",
    authUrl: "https://auth.abnamro.com",
    baseUrl: live.baseUrl,
    storeUrl: live.storeUrl,
    clientCertificate: "-----BEGIN CERTIFICATE-----\nx\n-----END CERTIFICATE-----",
    clientKey: "-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----",
    ...o,
  })

describe("production start-up refuses a sandbox unless the options say sandbox: true", () => {
  const saved = process.env.NODE_ENV
  afterEach(() => {
    process.env.NODE_ENV = saved
  })

  it.each([
    ["Fast Checkout provider", "baseUrl", fastCheckout],
    ["payment request provider", "baseUrl", paymentRequest],
    ["bank module", "baseUrl", bank],
    ["bank module", "authUrl", bank],
  ] as const)(
    "%s: %s on http:// or on this machine is refused in production, named, value not shown",
    (_what, key, parse) => {
      process.env.NODE_ENV = "production"
      expect(() => parse({ [key]: "http://sandbox.example.test:4010" })).toThrow(
        `${key} is a plain http:// URL while NODE_ENV is production: use Tikkie's https address, or set sandbox: true`
      )
      expect(() => parse({ [key]: "https://127.0.0.1:4010" })).toThrow(
        `${key} points at this machine (a sandbox) while NODE_ENV is production`
      )
      expect(() => parse({ [key]: "http://sandbox.example.test:4010" })).not.toThrow("sandbox.example.test")
      expect(() => parse({ [key]: "https://localhost:4010", sandbox: true })).not.toThrow()
      expect(() => parse({ [key]: "http://127.0.0.1:4010", sandbox: true })).not.toThrow()
    }
  )

  it("refuses a plain http:// store URL in production (webhooks and shoppers would travel unencrypted)", () => {
    process.env.NODE_ENV = "production"
    expect(() => fastCheckout({ storeUrl: "http://api.shop.example" })).toThrow("storeUrl is a plain http:// URL")
    expect(() => paymentRequest({ successUrl: "http://shop.example/ok" })).toThrow("successUrl is a plain http:// URL")
  })

  it("accepts Tikkie's https address in production, and anything http outside production", () => {
    process.env.NODE_ENV = "production"
    expect(fastCheckout({}).sandbox).toBe(false)
    expect(paymentRequest({ product: "tikkie" }).baseUrl).toBe("https://api.abnamro.com")
    expect(bank({})?.baseUrl).toBe("https://api.abnamro.com")
    process.env.NODE_ENV = "development"
    expect(fastCheckout({ baseUrl: "http://127.0.0.1:4010", storeUrl: "http://localhost:9000" }).baseUrl).toBe(
      "http://127.0.0.1:4010"
    )
  })

  it("refuses a sandbox option that is not a boolean", () => {
    expect(() => fastCheckout({ sandbox: "yes" })).toThrow("sandbox must be true or false")
  })
})
