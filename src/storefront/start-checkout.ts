/**
 * Starting a Tikkie payment from a storefront built on `@medusajs/js-sdk`. The helpers take the SDK
 * instance (`new Medusa({ baseUrl, publishableKey })`): its `client.fetch` adds the publishable key and
 * the customer's token. A failure is thrown as a `TikkieStoreError` (`message` for the shopper, `status`,
 * `code`, `payAgain`): see `./store-error`.
 *
 * Browser-safe: no Node built-ins, no Medusa server code (`medusa-plugin-tikkie/storefront`).
 */
import { tikkieLanguage } from "./language"
import { TikkieStoreError, tikkieStoreError } from "./store-error"

/** What the helpers need of the SDK: `sdk.client.fetch`. A `Medusa` instance of `@medusajs/js-sdk` has it. */
export interface TikkieStoreClient {
  client: {
    fetch<T>(
      input: string,
      init?: { method?: string; body?: Record<string, unknown>; headers?: Record<string, string> }
    ): Promise<T>
  }
}

/** `POST /store/carts/:id/tikkie-fast-checkout` */
export interface StoreTikkieFastCheckoutResponse {
  /** Tikkie's hosted checkout page: send the shopper there (a full page navigation). */
  checkout_url: string
  order_token: string
  /** Keep it (for example in sessionStorage) to ask the store again: see `tikkieReturnRouteUrl`. */
  payment_session_id: string
}

/** `POST /store/carts/:id/tikkie-payment-request` */
export interface StoreTikkiePaymentRequestResponse {
  /** Tikkie's payment page; it has no way back to the shop, so open it in a new tab. */
  payment_url: string
  payment_request_token: string
  payment_session_id: string
}

export interface TikkieStartOptions {
  /** Headers for this call (the Next.js starter passes the customer's auth header this way). */
  headers?: Record<string, string>
  /**
   * The shopper's locale or country code (`nl`, `nl-NL`, `en-GB`): sent as Medusa's `x-medusa-locale`
   * header, so the store writes its answers (a 409 "already paid") in Dutch or English, and the helper's
   * own error words follow it too. Without it the store goes by Medusa's own locale of the request (the
   * store's default locale, if it has one), then `Accept-Language`, then English.
   */
  locale?: string
}

const CART_ID = /^[A-Za-z0-9_-]{1,100}$/

const NO_CART = {
  en: "Your cart was not found. Go back to the shop and add your products again.",
  nl: "Je winkelwagen is niet gevonden. Ga terug naar de winkel en voeg je producten opnieuw toe.",
}

/**
 * Starts (or resumes) Tikkie Fast Checkout for a cart and answers the checkout page to send the shopper to.
 * The store computes the items, shipping and discount from the cart; a second call while the first
 * checkout is open answers the same page. No cart id (an expired cookie) or one that is not an id throws
 * `code: "not_found"` without calling the store. A cart that has already paid answers 409 (`code: "conflict"`,
 * `payAgain: false`) with a message for the shopper: do not offer to pay again.
 */
export async function startTikkieFastCheckout(
  sdk: TikkieStoreClient,
  cartId: string | undefined,
  options: TikkieStartOptions = {}
) {
  return post<StoreTikkieFastCheckoutResponse>(sdk, cartId, "tikkie-fast-checkout", options)
}

/**
 * Makes (or reuses) a Tikkie payment link for the cart's total. The shopper pays on Tikkie's page and
 * comes back through `tikkieReturnRouteUrl(…, "payment-request", payment_session_id)` ("I have paid").
 */
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

/** A call to one of the plugin's cart routes, failures thrown as `TikkieStoreError` (shared by the helpers). */
export async function callStore<T>(
  sdk: TikkieStoreClient,
  cartId: string | undefined,
  route: string,
  init: { method: "GET" | "POST"; body?: Record<string, unknown> },
  options: TikkieStartOptions
): Promise<T> {
  const language = tikkieLanguage(options.locale)
  // A cart id goes into the URL path: refuse anything that would change the path instead of escaping it.
  // No id at all is what a storefront has when its cart cookie expired: "not found", in the shopper's words.
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
