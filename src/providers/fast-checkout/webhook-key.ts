import { createHmac, timingSafeEqual } from "node:crypto"

/**
 * A per-order key in the notificationUrl the store gives Tikkie (Fast Checkout, "Create order"): an HMAC
 * of the referenceId under the store's JWT secret. Tikkie's webhooks are unsigned, but only Tikkie is told
 * that URL, so a webhook carrying the key its referenceId should have is handed to the workers at once.
 * Any other webhook takes the route's full checks; a new secret only sends older orders that way.
 */
export function fastCheckoutWebhookKey(secret: string, referenceId: string): string {
  return createHmac("sha256", secret)
    .update(`tikkie-fast-checkout-webhook:${referenceId}`)
    .digest("base64url")
    .slice(0, KEY_LENGTH)
}

/** 32 base64url characters: 192 bits. */
export const KEY_LENGTH = 32

export function isFastCheckoutWebhookKey(secret: string, referenceId: string, key: string): boolean {
  const expected = Buffer.from(fastCheckoutWebhookKey(secret, referenceId))
  const given = Buffer.from(key)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** The secret the keys are made with: Medusa's `http.jwtSecret`, which production requires to be set. */
export function webhookKeySecret(configModule: unknown): string | undefined {
  const secret = (configModule as { projectConfig?: { http?: { jwtSecret?: unknown } } } | undefined)?.projectConfig
    ?.http?.jwtSecret
  return typeof secret === "string" && secret.length > 0 ? secret : undefined
}
