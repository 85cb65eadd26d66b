import type { Dispatcher } from "undici"
import { z } from "zod"
import { TikkieError } from "../core/errors"
import type { TransportOptions } from "../core/http"
import type { RateLimiter } from "../core/rate-limiter"
import { redact } from "../core/redact"
import { isHttpUrl } from "./schemas"

/** Product segment of the path: the documents say `pay`, the live service uses `tikkie`. */
export type FastCheckoutProduct = "pay" | "tikkie"

export interface FastCheckoutClientOptions extends TransportOptions {
  apiKey: string
  /** Needed for order calls; not for `createSandboxMerchant`. */
  merchantToken?: string
  /** Default "pay" (the Fast Checkout specification's paths). */
  product?: FastCheckoutProduct
  /**
   * Limits GET order calls (the service allows 250 per second). Default: an in-process sliding window
   * of 250 per second; pass a shared one when several processes use the same merchant.
   */
  getOrderRateLimiter?: RateLimiter
}

/**
 * Credentials go into HTTP headers: printable ASCII without spaces, so a pasted value with a newline
 * or a trailing space is refused here rather than producing an undici error that might quote it.
 */
const HEADER_SAFE = /^[\x21-\x7e]+$/

function credential(name: string) {
  return z
    .string({ error: (iss) => (iss.input === undefined ? `${name} is required` : `${name} must be a string`) })
    .min(1, `${name} must not be empty`)
    .max(512, `${name} is too long`)
    .regex(HEADER_SAFE, `${name} may only contain printable characters without spaces`)
}

const positiveMs = (name: string) =>
  z
    .int({ error: `${name} must be a whole number of ms` })
    .min(1)
    .max(600_000)

const OptionsSchema = z.strictObject({
  apiKey: credential("apiKey"),
  merchantToken: credential("merchantToken").optional(),
  baseUrl: z
    .string({ error: (iss) => (iss.input === undefined ? "baseUrl is required" : "baseUrl must be a string") })
    .refine(isHttpUrl, "baseUrl must be an http(s) URL"),
  product: z.enum(["pay", "tikkie"], { error: 'product must be "pay" or "tikkie"' }).default("pay"),
  getOrderRateLimiter: z
    .custom<RateLimiter>((v) => typeof (v as RateLimiter | undefined)?.acquire === "function", {
      error: "getOrderRateLimiter must have an acquire() method",
    })
    .optional(),
  dispatcher: z
    .custom<Dispatcher>((v) => typeof (v as Dispatcher | undefined)?.dispatch === "function", {
      error: "dispatcher must be an undici Dispatcher",
    })
    .optional(),
  connectTimeoutMs: positiveMs("connectTimeoutMs").optional(),
  requestTimeoutMs: positiveMs("requestTimeoutMs").optional(),
  retry: z
    .strictObject({
      retries: z.int().min(0).max(10),
      baseDelayMs: z.int().min(0).max(60_000),
      maxDelayMs: z.int().min(0).max(600_000),
    })
    .partial()
    .optional(),
  logger: z
    .custom<NonNullable<TransportOptions["logger"]>>(
      (v) => typeof (v as { warn?: unknown } | undefined)?.warn === "function",
      { error: "logger must have a warn() method" }
    )
    .optional(),
  observer: z
    .custom<NonNullable<TransportOptions["observer"]>>(
      (v) => typeof (v as { start?: unknown } | undefined)?.start === "function",
      { error: "observer must have a start() method" }
    )
    .optional(),
})

export type ResolvedFastCheckoutClientOptions = z.output<typeof OptionsSchema>

/** Checks the options at construction; the message names the option, never its value. */
export function parseFastCheckoutClientOptions(options: unknown): ResolvedFastCheckoutClientOptions {
  const parsed = OptionsSchema.safeParse(options ?? {})
  if (parsed.success) return parsed.data
  const o = (typeof options === "object" && options !== null ? options : {}) as Record<string, unknown>
  const secrets = [o.apiKey, o.merchantToken].filter((s): s is string => typeof s === "string")
  const issue = parsed.error.issues[0]
  const where = issue.path.join(".")
  const what =
    issue.code === "unrecognized_keys"
      ? `unknown option: ${issue.keys.join(", ")}`
      : !where || issue.message.startsWith(where)
        ? issue.message
        : `${where}: ${issue.message}`
  throw new TikkieError({
    kind: "local",
    operation: "fastCheckout.client",
    code: "INVALID_OPTIONS",
    message: redact(`invalid FastCheckoutClient options: ${what}`, secrets),
    mayHaveReachedService: false,
  })
}
