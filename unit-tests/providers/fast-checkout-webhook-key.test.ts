import {
  fastCheckoutWebhookKey,
  isFastCheckoutWebhookKey,
  webhookKeySecret,
} from "../../src/providers/fast-checkout/webhook-key"

/** The per-order key of the Fast Checkout notificationUrl: what lets a webhook skip the route's lookup. */
describe("Fast Checkout webhook key", () => {
  const secret = "a-store-jwt-secret"

  it("is 32 URL-safe characters, the same for one order and store, different for another order or secret", () => {
    const key = fastCheckoutWebhookKey(secret, "payses_01")
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(fastCheckoutWebhookKey(secret, "payses_01")).toBe(key)
    expect(fastCheckoutWebhookKey(secret, "payses_02")).not.toBe(key)
    expect(fastCheckoutWebhookKey("another-secret", "payses_01")).not.toBe(key)
  })

  it("is accepted only whole, for its own referenceId, under the secret it was made with", () => {
    const key = fastCheckoutWebhookKey(secret, "payses_01")
    expect(isFastCheckoutWebhookKey(secret, "payses_01", key)).toBe(true)
    expect(isFastCheckoutWebhookKey(secret, "payses_02", key)).toBe(false)
    expect(isFastCheckoutWebhookKey("another-secret", "payses_01", key)).toBe(false)
    expect(isFastCheckoutWebhookKey(secret, "payses_01", key.slice(0, 31))).toBe(false)
    expect(isFastCheckoutWebhookKey(secret, "payses_01", `${key}A`)).toBe(false)
    const flipped = `${key.slice(0, 31)}${key[31] === "A" ? "B" : "A"}`
    expect(isFastCheckoutWebhookKey(secret, "payses_01", flipped)).toBe(false)
  })

  it("is made with Medusa's http.jwtSecret; without one there is no key", () => {
    expect(webhookKeySecret({ projectConfig: { http: { jwtSecret: "s3cret" } } })).toBe("s3cret")
    expect(webhookKeySecret({ projectConfig: { http: { jwtSecret: "" } } })).toBeUndefined()
    expect(webhookKeySecret({ projectConfig: { http: {} } })).toBeUndefined()
    expect(webhookKeySecret(undefined)).toBeUndefined()
  })
})
