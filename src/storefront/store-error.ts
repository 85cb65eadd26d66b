/**
 * The error of a failed store call, as a storefront shows it. The JS SDK throws a `FetchError` with the
 * store's `message` and the HTTP `status`; a Server Action that rethrows it loses the message in a
 * production build (Next.js replaces it), and a network failure has no message meant for a shopper. So
 * the helpers throw a `TikkieStoreError`, and `tikkieStoreError(e)` turns anything caught into the plain
 * object a Server Action can return as it is.
 *
 * Browser-safe: no Node built-ins, no Medusa server code.
 */
import type { TikkieLanguage } from "./language"

/**
 * What kind of failure, from the HTTP status: `conflict` (409: the cart has paid, or a payment is being
 * confirmed; never offer to pay again), `invalid` (400/422), `not_found` (404: no such cart),
 * `unauthorized` (401/403), `store_error` (5xx), `network` (no answer).
 */
export type TikkieStoreErrorCode = "conflict" | "invalid" | "not_found" | "unauthorized" | "store_error" | "network"

/** A plain object (serialisable): return it from a Server Action and show `message` as it is. */
export interface TikkieStoreErrorResult {
  /** For the shopper: the store's own message for a 4xx answer, the helper's words otherwise. */
  message: string
  /** The HTTP status; absent when the store gave no answer. */
  status?: number
  code: TikkieStoreErrorCode
  /** False once the store says the cart has paid (409): showing "pay again" would charge twice. */
  payAgain: boolean
}

export class TikkieStoreError extends Error implements TikkieStoreErrorResult {
  readonly status?: number
  readonly code: TikkieStoreErrorCode
  readonly payAgain: boolean

  constructor(result: TikkieStoreErrorResult) {
    super(result.message)
    this.name = "TikkieStoreError"
    if (result.status !== undefined) this.status = result.status
    this.code = result.code
    this.payAgain = result.payAgain
  }

  toJSON(): TikkieStoreErrorResult {
    return {
      message: this.message,
      ...(this.status !== undefined ? { status: this.status } : {}),
      code: this.code,
      payAgain: this.payAgain,
    }
  }
}

const WORDS: Record<TikkieLanguage, Record<"store_error" | "network", string>> = {
  en: {
    store_error: "Something went wrong at the shop. Nothing was charged: try again in a moment.",
    network: "The shop could not be reached. Nothing was charged: check your connection and try again.",
  },
  nl: {
    store_error: "Er ging iets mis bij de winkel. Er is niets afgeschreven: probeer het zo nog eens.",
    network: "De winkel is niet bereikbaar. Er is niets afgeschreven: controleer je verbinding en probeer het opnieuw.",
  },
}

function codeOf(status: number): TikkieStoreErrorCode {
  if (status === 409) return "conflict"
  if (status === 404) return "not_found"
  if (status === 401 || status === 403) return "unauthorized"
  if (status >= 500) return "store_error"
  return "invalid"
}

/**
 * Anything a store call threw (the SDK's `FetchError`, a `TypeError` of `fetch`, a `TikkieStoreError`) as
 * a `TikkieStoreErrorResult`. A 4xx keeps the store's message (the store writes it for the shopper, in the
 * language the call asked for); a 5xx or no answer gets the helper's words in `language`, never the
 * store's internals.
 */
export function tikkieStoreError(e: unknown, language: TikkieLanguage = "en"): TikkieStoreErrorResult {
  if (e instanceof TikkieStoreError) return e.toJSON()
  const error = (e ?? {}) as { status?: unknown; message?: unknown }
  const status =
    typeof error.status === "number" && error.status >= 400 && error.status <= 599 ? error.status : undefined
  if (status === undefined) return { message: WORDS[language].network, code: "network", payAgain: true }
  const code = codeOf(status)
  const own = typeof error.message === "string" && error.message.trim() ? error.message.trim().slice(0, 500) : ""
  const message = code === "store_error" || !own ? WORDS[language].store_error : own
  return { message, status, code, payAgain: code !== "conflict" }
}
