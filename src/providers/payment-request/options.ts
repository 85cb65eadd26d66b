import { z } from "zod"

/**
 * Options of the payment request provider, as a shop writes them in medusa-config:
 *
 * ```ts
 * { resolve: "medusa-plugin-tikkie/providers/payment-request", id: "tikkie", options: {
 *     apiKey, appToken, baseUrl, storeUrl, successUrl, failureUrl } }
 * ```
 *
 * Checked at start-up (`validateOptions`): a wrong option stops the store with a message that names
 * the option, never its value. The app-side code (settlement, admin routes, the subscription job) reads
 * the same options from the store's configuration through `readPaymentRequestProviderOptions`, so the
 * credentials are written in one place only.
 */
export const CHECKOUT_EXPIRY_DAYS_DEFAULT = 1
/** The service's own default expiry (payment-requests.md "Limits"). */
export const LINK_EXPIRY_DAYS_DEFAULT = 14
export const EXPIRY_DAYS_MAX = 365

const httpUrl = (name: string) =>
  z
    .string({ error: (i) => (i.input === undefined ? `${name} is required` : `${name} must be a string`) })
    .refine((v) => {
      try {
        const u = new URL(v)
        return u.protocol === "http:" || u.protocol === "https:"
      } catch {
        return false
      }
    }, `${name} must be an absolute http(s) URL`)
    .transform((v) => v.replace(/\/+$/, ""))

const secret = (name: string) =>
  z
    .string({ error: (i) => (i.input === undefined ? `${name} is required` : `${name} must be a string`) })
    .trim()
    .min(1, `${name} must not be empty`)

const days = (name: string, fallback: number) =>
  z
    .int({ error: `${name} must be a whole number of days` })
    .min(0, `${name} must be at least 0 (0 = until the end of today, Amsterdam time)`)
    .max(EXPIRY_DAYS_MAX, `${name} must be at most ${EXPIRY_DAYS_MAX}`)
    .default(fallback)

export const PaymentRequestProviderOptionsSchema = z.strictObject({
  apiKey: secret("apiKey"),
  /** The app token (a UUID) of payment requests v2: from the developer portal, or `tikkie-credentials` for the sandbox. */
  appToken: z.uuid({ error: "appToken must be a UUID" }),
  baseUrl: httpUrl("baseUrl"),
  /** Path segment: "pay" as the documents say, or "tikkie" as the live service uses. */
  product: z.enum(["pay", "tikkie"], { error: 'product must be "pay" or "tikkie"' }).default("pay"),
  /** Public URL of this Medusa backend: notifications and the return route live under it. */
  storeUrl: httpUrl("storeUrl"),
  /** Storefront page for a paid order; `order_id` is added to its query. */
  successUrl: httpUrl("successUrl"),
  /** Storefront page for a return without a payment; `tikkie_status` and `cart_id` are added. */
  failureUrl: httpUrl("failureUrl"),
  /**
   * What the payer sees first in the description ("{storeName}, 3 items"). Default: the name in
   * Medusa's store settings.
   */
  storeName: z.string().trim().min(1, "storeName must not be empty").max(30, "storeName must be at most 30 characters").optional(),
  /** Checkout links: days after today (Amsterdam) the link can still be paid. Default 1: until tomorrow night. */
  checkoutExpiryDays: days("checkoutExpiryDays", CHECKOUT_EXPIRY_DAYS_DEFAULT),
  /** Links made by an admin for an order or an invoice, unless the admin gives a date. Default 14, the service's. */
  linkExpiryDays: days("linkExpiryDays", LINK_EXPIRY_DAYS_DEFAULT),
  /**
   * Subscribe `{storeUrl}/hooks/tikkie/payment-requests` to Tikkie's notifications at start-up (the
   * subscription job). Off by default: one app has one subscription, and a second store (staging)
   * sharing the app token would take it away from the first.
   */
  subscribeNotifications: z.boolean({ error: "subscribeNotifications must be true or false" }).default(false),
  connectTimeoutMs: z.int().min(1).max(60_000).optional(),
  requestTimeoutMs: z.int().min(1).max(120_000).optional(),
})

export type PaymentRequestProviderOptions = z.input<typeof PaymentRequestProviderOptionsSchema>
export type ResolvedPaymentRequestProviderOptions = z.output<typeof PaymentRequestProviderOptionsSchema>

export function parsePaymentRequestProviderOptions(options: unknown): ResolvedPaymentRequestProviderOptions {
  const parsed = PaymentRequestProviderOptionsSchema.safeParse(options ?? {})
  if (parsed.success) return parsed.data
  const problems = parsed.error.issues.map((i) =>
    i.code === "unrecognized_keys" ? `unknown option ${(i as { keys: string[] }).keys.join(", ")}` : i.message
  )
  throw new Error(`medusa-plugin-tikkie payment request provider options are invalid: ${problems.join("; ")}`)
}
