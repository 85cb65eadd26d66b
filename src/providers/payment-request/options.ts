import { z } from "zod"
import { httpUrl, refuseSandboxInProduction, requiredText as secret, sandboxOption } from "../../utils/option-schemas"

/**
 * Options of the payment request provider. Checked at start-up: an error names the option, never its
 * value. App code reads them through `readPaymentRequestProviderOptions`, so credentials live in one place.
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

/** Shape only: Tikkie's own rules are checked by the v1 client at setup, and reported to the admin. */
const V1PlatformOptionsSchema = z.strictObject(
  {
    name: text("platform.name"),
    phoneNumber: text("platform.phoneNumber"),
    email: text("platform.email").optional(),
  },
  { error: (i) => (i.input === undefined ? "platform is required with apiVersion v1" : "platform must be an object") }
)
const V1UserOptionsSchema = z.strictObject(
  {
    name: text("user.name"),
    phoneNumber: text("user.phoneNumber"),
    iban: text("user.iban"),
    bankAccountLabel: text("user.bankAccountLabel"),
  },
  { error: (i) => (i.input === undefined ? "user is required with apiVersion v1" : "user must be an object") }
)

export const PaymentRequestProviderOptionsSchema = z
  .strictObject({
    /** "v1": the legacy API with an OAuth token (scope pay), from the store's v1 connection unless `accessToken`. */
    apiVersion: z.enum(["v2", "v1"], { error: 'apiVersion must be "v2" or "v1"' }).default("v2"),
    apiKey: secret("apiKey"),
    appToken: z.uuid({ error: "appToken must be a UUID" }).optional(),
    /** v1: a fixed 2-hour token, not refreshed: for a quick try. */
    accessToken: secret("accessToken").optional(),
    platform: V1PlatformOptionsSchema.optional(),
    user: V1UserOptionsSchema.optional(),
    baseUrl: httpUrl("baseUrl"),
    /** "pay" as the documents say, or "tikkie" as the live service uses. */
    product: z.enum(["pay", "tikkie"], { error: 'product must be "pay" or "tikkie"' }).default("pay"),
    storeUrl: httpUrl("storeUrl"),
    successUrl: httpUrl("successUrl"),
    failureUrl: httpUrl("failureUrl"),
    /** Default: the name in Medusa's store settings. */
    storeName: z
      .string()
      .trim()
      .min(1, "storeName must not be empty")
      .max(30, "storeName must be at most 30 characters")
      .optional(),
    /** Days after today (Amsterdam). Default 1: until tomorrow night. */
    checkoutExpiryDays: days("checkoutExpiryDays", CHECKOUT_EXPIRY_DAYS_DEFAULT),
    linkExpiryDays: days("linkExpiryDays", LINK_EXPIRY_DAYS_DEFAULT),
    /** Off by default: one app has one subscription, and a staging store sharing the app token would take it. */
    subscribeNotifications: z.boolean({ error: "subscribeNotifications must be true or false" }).default(false),
    /** 0 (default): no reminders; the shop sets up an e-mail provider first. */
    reminderAfterDays: z
      .int({ error: "reminderAfterDays must be a whole number of days" })
      .min(0, "reminderAfterDays must be at least 0 (0 = no reminders)")
      .max(60, "reminderAfterDays must be at most 60")
      .default(0),
    maxReminders: z
      .int({ error: "maxReminders must be a whole number" })
      .min(1, "maxReminders must be at least 1")
      .max(10, "maxReminders must be at most 10")
      .default(1),
    reminderTemplate: z
      .string({ error: "reminderTemplate must be a string" })
      .trim()
      .min(1, "reminderTemplate must not be empty")
      .max(100, "reminderTemplate must be at most 100 characters")
      .default(REMINDER_TEMPLATE_DEFAULT),
    connectTimeoutMs: z.int().min(1).max(60_000).optional(),
    requestTimeoutMs: z.int().min(1).max(120_000).optional(),
    /** A production start then accepts http:// and local URLs. */
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
