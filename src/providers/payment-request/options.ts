import { z } from "zod"
import { httpUrl, refuseSandboxInProduction, requiredText as secret, sandboxOption } from "../../utils/option-schemas"

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
/** The template name of a reminder's notification, unless the shop names another (`reminderTemplate`). */
export const REMINDER_TEMPLATE_DEFAULT = "tikkie-payment-link-reminder"

const days = (name: string, fallback: number) =>
  z
    .int({ error: `${name} must be a whole number of days` })
    .min(0, `${name} must be at least 0 (0 = until the end of today, Amsterdam time)`)
    .max(EXPIRY_DAYS_MAX, `${name} must be at most ${EXPIRY_DAYS_MAX}`)
    .default(fallback)

const text = (name: string) =>
  z.string({ error: (i) => (i.input === undefined ? `${name} is required` : `${name} must be a string`) })

/**
 * The v1 platform and user, as the shop writes them. Only their shape is checked at start-up: Tikkie's
 * own rules (Dutch phone numbers and IBANs, lengths) are checked by the v1 client when the plugin sets
 * them up, with the code Tikkie would answer, and the admin reads the outcome
 * (GET /admin/tikkie/payment-requests/v1-setup) instead of a store that does not start.
 */
const V1PlatformOptionsSchema = z.strictObject(
  {
    /** The name payers see as the requester, 2-100 characters. */
    name: text("platform.name"),
    /** A Dutch contact number, e.g. "020 123 4567". */
    phoneNumber: text("platform.phoneNumber"),
    email: text("platform.email").optional(),
  },
  { error: (i) => (i.input === undefined ? "platform is required with apiVersion v1" : "platform must be an object") }
)
const V1UserOptionsSchema = z.strictObject(
  {
    name: text("user.name"),
    /** Exactly 10 digits, Dutch: "0612345678". */
    phoneNumber: text("user.phoneNumber"),
    /** A Dutch IBAN: the payments go to this account. */
    iban: text("user.iban"),
    bankAccountLabel: text("user.bankAccountLabel"),
  },
  { error: (i) => (i.input === undefined ? "user is required with apiVersion v1" : "user must be an object") }
)

export const PaymentRequestProviderOptionsSchema = z
  .strictObject({
    /**
     * "v2" (default): payment requests v2 with an app token. "v1": the legacy API for merchants still on
     * it, with an OAuth access token (scope pay) and a platform and user the plugin sets up once. The
     * token comes from the store's v1 connection (an admin connects once, the plugin refreshes it; needs
     * the tikkie-bank module's OAuth options) unless `accessToken` is given.
     */
    apiVersion: z.enum(["v2", "v1"], { error: 'apiVersion must be "v2" or "v1"' }).default("v2"),
    apiKey: secret("apiKey"),
    /** v2: the app token (a UUID): from the Tikkie Business Portal, or `tikkie-credentials` for the sandbox. */
    appToken: z.uuid({ error: "appToken must be a UUID" }).optional(),
    /**
     * v1: a fixed OAuth access token with scope pay (Authorization: Bearer). It lives 2 hours and is not
     * refreshed: for a quick try. Leave it out to use the connection an admin makes
     * (POST /admin/tikkie/payment-requests/v1-connect).
     */
    accessToken: secret("accessToken").optional(),
    /** v1: the platform the plugin creates (or finds) once. */
    platform: V1PlatformOptionsSchema.optional(),
    /** v1: the user with the bank account payments go to, created (or found) once. */
    user: V1UserOptionsSchema.optional(),
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
    storeName: z
      .string()
      .trim()
      .min(1, "storeName must not be empty")
      .max(30, "storeName must be at most 30 characters")
      .optional(),
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
    /**
     * Order links unpaid this many days after they were made (and after the previous reminder) remind the
     * order's e-mail through Medusa's notification module. 0 (default): no reminders; an e-mail provider is
     * the shop's to set up first.
     */
    reminderAfterDays: z
      .int({ error: "reminderAfterDays must be a whole number of days" })
      .min(0, "reminderAfterDays must be at least 0 (0 = no reminders)")
      .max(60, "reminderAfterDays must be at most 60")
      .default(0),
    /** At most this many reminders per link. */
    maxReminders: z
      .int({ error: "maxReminders must be a whole number" })
      .min(1, "maxReminders must be at least 1")
      .max(10, "maxReminders must be at most 10")
      .default(1),
    /** The notification's template, which the shop's e-mail provider maps to its own e-mail. */
    reminderTemplate: z
      .string({ error: "reminderTemplate must be a string" })
      .trim()
      .min(1, "reminderTemplate must not be empty")
      .max(100, "reminderTemplate must be at most 100 characters")
      .default(REMINDER_TEMPLATE_DEFAULT),
    connectTimeoutMs: z.int().min(1).max(60_000).optional(),
    requestTimeoutMs: z.int().min(1).max(120_000).optional(),
    /** This store talks to a sandbox on purpose: a production start accepts http:// and local URLs. */
    sandbox: sandboxOption(),
  })
  .superRefine((o, ctx) => {
    refuseSandboxInProduction(o, ["baseUrl", "storeUrl", "successUrl", "failureUrl"], ["baseUrl"], ctx)
    const problem = (message: string) => ctx.addIssue({ code: "custom", message })
    if (o.apiVersion === "v2") {
      if (!o.appToken) problem("appToken is required")
      const v1Only = (["accessToken", "platform", "user"] as const).filter((k) => o[k] !== undefined)
      if (v1Only.length)
        problem(
          `${v1Only.join(", ")} ${v1Only.length === 1 ? "is a v1 option" : "are v1 options"}: set apiVersion "v1" to use the legacy API`
        )
      return
    }
    if (!o.platform) problem("platform is required with apiVersion v1")
    if (!o.user) problem("user is required with apiVersion v1")
    if (o.appToken) problem('appToken is a v2 option: leave it out with apiVersion "v1"')
    if (o.subscribeNotifications) {
      problem(
        "subscribeNotifications is v2 only: v1 notifications have no documented body, so the plugin polls v1 requests"
      )
    }
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
