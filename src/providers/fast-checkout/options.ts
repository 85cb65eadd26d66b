import { z } from "zod"
import { httpUrl, refuseSandboxInProduction, requiredText as secret, sandboxOption } from "../../utils/option-schemas"

/** Options of the Fast Checkout provider; checked at start-up, errors name the option, never its value. */
export const EXPIRATION_SECONDS_DEFAULT = 900
/** A shopper needs at least a minute to pay; a checkout left open for more than a day is abandoned. */
export const EXPIRATION_SECONDS_MIN = 60
export const EXPIRATION_SECONDS_MAX = 86_400

export const FastCheckoutProviderOptionsSchema = z
  .strictObject({
    apiKey: secret("apiKey"),
    merchantToken: secret("merchantToken"),
    baseUrl: httpUrl("baseUrl"),
    /** "pay" as the documents say, or "tikkie" as the live service uses. */
    product: z.enum(["pay", "tikkie"], { error: 'product must be "pay" or "tikkie"' }).default("pay"),
    storeUrl: httpUrl("storeUrl"),
    successUrl: httpUrl("successUrl"),
    failureUrl: httpUrl("failureUrl"),
    expirationSeconds: z
      .int({ error: "expirationSeconds must be a whole number of seconds" })
      .min(EXPIRATION_SECONDS_MIN, `expirationSeconds must be at least ${EXPIRATION_SECONDS_MIN}`)
      .max(EXPIRATION_SECONDS_MAX, `expirationSeconds must be at most ${EXPIRATION_SECONDS_MAX}`)
      .default(EXPIRATION_SECONDS_DEFAULT),
    connectTimeoutMs: z.int().min(1).max(60_000).optional(),
    requestTimeoutMs: z.int().min(1).max(120_000).optional(),
    /** A production start then accepts http:// and local URLs. */
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
