/**
 * A failed store call as a storefront shows it: a plain object a Next.js Server Action can return (a
 * rethrown error loses its message in a production build). Browser-safe: no Node built-ins.
 */
import type { TikkieLanguage } from "./language"

/** From the HTTP status; `conflict` (409) means paid or confirming: never offer to pay again. */
export type TikkieStoreErrorCode = "conflict" | "invalid" | "not_found" | "unauthorized" | "store_error" | "network"

export interface TikkieStoreErrorResult {
  message: string
  status?: number
  code: TikkieStoreErrorCode
  /** False once the cart has paid (409): "pay again" would charge twice. */
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

/** A 4xx keeps the store's message (written for the shopper); a 5xx or no answer gets the helper's words. */
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
