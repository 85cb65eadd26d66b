import { z } from "zod"
import { httpUrl, refuseSandboxInProduction, requiredText as secret, sandboxOption } from "../../utils/option-schemas"

/**
 * Options of the Fast Checkout provider, as a shop writes them in medusa-config:
 *
 * ```ts
 * { resolve: "medusa-plugin-tikkie/providers/fast-checkout", id: "tikkie", options: {
 *     apiKey, merchantToken, baseUrl, storeUrl, successUrl, failureUrl } }
 * ```
 *
 * Checked at start-up (`validateOptions`): a wrong option stops the store with a message that names
 * the option, never its value.
 */
export const EXPIRATION_SECONDS_DEFAULT = 900
/** A shopper needs at least a minute to pay; a checkout left open for more than a day is abandoned. */
export const EXPIRATION_SECONDS_MIN = 60
export const EXPIRATION_SECONDS_MAX = 86_400

export const FastCheckoutProviderOptionsSchema = z
  .strictObject({
    apiKey: secret("apiKey"),
    merchantToken: secret("merchantToken"),
    /** The Tikkie API's base URL, or the sandbox's. */
    baseUrl: httpUrl("baseUrl"),
    /** Path segment: "pay" as the documents say, or "tikkie" as the live service uses. */
    product: z.enum(["pay", "tikkie"], { error: 'product must be "pay" or "tikkie"' }).default("pay"),
    /** Public URL of this Medusa backend: Tikkie sends webhooks and shoppers back to it. */
    storeUrl: httpUrl("storeUrl"),
    /** Storefront page for a paid order; `order_id` is added to its query. */
    successUrl: httpUrl("successUrl"),
    /** Storefront page for an unpaid return (cancelled, expired); `tikkie_status` and `cart_id` are added. */
    failureUrl: httpUrl("failureUrl"),
    expirationSeconds: z
      .int({ error: "expirationSeconds must be a whole number of seconds" })
      .min(EXPIRATION_SECONDS_MIN, `expirationSeconds must be at least ${EXPIRATION_SECONDS_MIN}`)
      .max(EXPIRATION_SECONDS_MAX, `expirationSeconds must be at most ${EXPIRATION_SECONDS_MAX}`)
      .default(EXPIRATION_SECONDS_DEFAULT),
    connectTimeoutMs: z.int().min(1).max(60_000).optional(),
    requestTimeoutMs: z.int().min(1).max(120_000).optional(),
    /** This store talks to a sandbox on purpose: a production start accepts http:// and local URLs. */
    sandbox: sandboxOption(),
  })
  .superRefine((o, ctx) =>
    refuseSandboxInProduction(o, ["baseUrl", "storeUrl", "successUrl", "failureUrl"], ["baseUrl"], ctx)
  )

export type FastCheckoutProviderOptions = z.input<typeof FastCheckoutProviderOptionsSchema>
export type ResolvedFastCheckoutProviderOptions = z.output<typeof FastCheckoutProviderOptionsSchema>

export function parseFastCheckoutProviderOptions(options: unknown): ResolvedFastCheckoutProviderOptions {
  const parsed = FastCheckoutProviderOptionsSchema.safeParse(options ?? {})
  if (parsed.success) return parsed.data
  const problems = parsed.error.issues.map((i) =>
    i.code === "unrecognized_keys" ? `unknown option ${(i as { keys: string[] }).keys.join(", ")}` : i.message
  )
  throw new Error(`medusa-plugin-tikkie Fast Checkout provider options are invalid: ${problems.join("; ")}`)
}
