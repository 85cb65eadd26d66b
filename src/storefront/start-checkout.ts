// Starting a Tikkie payment on `@medusajs/js-sdk`; failures throw a `TikkieStoreError`. Browser-safe.
import { tikkieLanguage } from "./language"
import { TikkieStoreError, tikkieStoreError } from "./store-error"

export interface TikkieStoreClient {
  client: {
    fetch<T>(
      input: string,
      init?: { method?: string; body?: Record<string, unknown>; headers?: Record<string, string> }
    ): Promise<T>
  }
}

/** Go to `checkout_url` (a full page navigation); `payment_session_id` asks the store again (`tikkieReturnRouteUrl`). */
export interface StoreTikkieFastCheckoutResponse {
  checkout_url: string
  order_token: string
  payment_session_id: string
}

export interface StoreTikkiePaymentRequestResponse {
  payment_url: string
  payment_request_token: string
  payment_session_id: string
}

/** `locale` (`nl`, `en-GB`) goes as `x-medusa-locale`: the store's and the helper's words follow it. */
export interface TikkieStartOptions {
  headers?: Record<string, string>
  locale?: string
}

const CART_ID = /^[A-Za-z0-9_-]{1,100}$/

const NO_CART = {
  en: "Your cart was not found. Go back to the shop and add your products again.",
  nl: "Je winkelwagen is niet gevonden. Ga terug naar de winkel en voeg je producten opnieuw toe.",
}

/** Starts (or resumes) Fast Checkout; a paid cart answers 409 (`payAgain: false`): do not offer to pay again. */
export async function startTikkieFastCheckout(
  sdk: TikkieStoreClient,
  cartId: string | undefined,
  options: TikkieStartOptions = {}
) {
  return post<StoreTikkieFastCheckoutResponse>(sdk, cartId, "tikkie-fast-checkout", options)
}

/** Makes (or reuses) a payment link; "I have paid" is `tikkieReturnRouteUrl(…, "payment-request", id)`. */
export async function startTikkiePaymentLink(
  sdk: TikkieStoreClient,
  cartId: string | undefined,
  options: TikkieStartOptions = {}
) {
  return post<StoreTikkiePaymentRequestResponse>(sdk, cartId, "tikkie-payment-request", options)
}

function post<T>(
  sdk: TikkieStoreClient,
  cartId: string | undefined,
  route: string,
  options: TikkieStartOptions
): Promise<T> {
  return callStore<T>(sdk, cartId, route, { method: "POST", body: {} }, options)
}

export async function callStore<T>(
  sdk: TikkieStoreClient,
  cartId: string | undefined,
  route: string,
  init: { method: "GET" | "POST"; body?: Record<string, unknown> },
  options: TikkieStartOptions
): Promise<T> {
  const language = tikkieLanguage(options.locale)
  // A cart id goes into the URL path: refuse anything that would change the path (or none: an expired cookie).
  if (typeof cartId !== "string" || !CART_ID.test(cartId)) {
    throw new TikkieStoreError({ message: NO_CART[language], code: "not_found", payAgain: true })
  }
  const headers: Record<string, string> = { ...options.headers }
  if (options.locale) headers["x-medusa-locale"] = options.locale
  try {
    return await sdk.client.fetch<T>(`/store/carts/${cartId}/${route}`, {
      ...init,
      ...(Object.keys(headers).length ? { headers } : {}),
    })
  } catch (e) {
    throw new TikkieStoreError(tikkieStoreError(e, language))
  }
}
