import type { TikkieAdminErrorCode } from "../../api/types"
import type { LinkFormField } from "./link-form"

/**
 * A coded refusal of the store (`{ code, values }`, TikkieAdminError) in the admin's words: the text
 * `storeErrors.<code>` with its amounts as money in the admin's language. Any other error keeps the
 * store's message.
 */
const CODES: Record<TikkieAdminErrorCode, { field?: LinkFormField }> = {
  tikkie_order_canceled: {},
  tikkie_order_not_eur: {},
  tikkie_order_owes_nothing: {},
  tikkie_order_links_ask_all: {},
  tikkie_order_link_amount_too_high: { field: "amount" },
  tikkie_refund_owed_refunded: {},
  tikkie_no_email_provider: {},
  tikkie_payer_without_email: {},
  tikkie_refund_owed_not_at_tikkie: {},
}

export type StoreErrorKey = `storeErrors.${TikkieAdminErrorCode | "tikkie_order_link_amount_too_high_with_links"}`

export interface WordedStoreError {
  text: string
  /** The form field it is about, when it is about one. */
  field?: LinkFormField
}

export function storeErrorText(
  e: unknown,
  words: {
    t: (key: StoreErrorKey, values: Record<string, string | number>) => string
    money: (cents: number, currency: string) => string
  }
): WordedStoreError {
  const error = (e ?? {}) as { message?: unknown; code?: unknown; values?: Record<string, unknown> }
  const message = typeof error.message === "string" ? error.message : String(e)
  const code = typeof error.code === "string" ? error.code : ""
  if (!Object.prototype.hasOwnProperty.call(CODES, code)) return { text: message }
  // Refusals without amounts come through Medusa's own error handler, which answers no values.
  const values = error.values ?? {}
  const currency = typeof values.currency_code === "string" ? values.currency_code : "eur"
  const cents = (key: string) => (typeof values[key] === "number" ? words.money(values[key] as number, currency) : "")
  const shown: Record<string, string | number> = {
    order: typeof values.display_id === "number" || typeof values.display_id === "string" ? values.display_id : "",
    currency: currency.toUpperCase(),
    amount: cents("amount_in_cents"),
    owed: cents("owed_in_cents"),
    asked: cents("asked_in_cents"),
    available: cents("available_in_cents"),
  }
  const withLinks = code === "tikkie_order_link_amount_too_high" && Number(values.asked_in_cents) > 0
  const key: StoreErrorKey = withLinks
    ? "storeErrors.tikkie_order_link_amount_too_high_with_links"
    : `storeErrors.${code as TikkieAdminErrorCode}`
  return { text: words.t(key, shown), field: CODES[code as TikkieAdminErrorCode].field }
}
