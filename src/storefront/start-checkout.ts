/**
 * Starting a Tikkie payment from a storefront built on `@medusajs/js-sdk`. The helpers take the SDK
 * instance (`new Medusa({ baseUrl, publishableKey })`): its `client.fetch` adds the publishable key and
 * the customer's token, and throws the store's `{ message }` as an error with `status`, as every SDK call does.
 *
 * Browser-safe: no Node built-ins, no Medusa server code (`medusa-plugin-tikkie/storefront`).
 */

/** What the helpers need of the SDK: `sdk.client.fetch`. A `Medusa` instance of `@medusajs/js-sdk` has it. */
export interface TikkieStoreClient {
  client: {
    fetch<T>(input: string, init?: { method?: string; body?: Record<string, unknown>; headers?: Record<string, string> }): Promise<T>
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

/** Optional headers for one call (the Next.js starter passes the customer's auth header this way). */
export interface TikkieStartOptions {
  headers?: Record<string, string>
}

const CART_ID = /^[A-Za-z0-9_-]{1,100}$/

function cartPath(cartId: string, route: string): string {
  // A cart id goes into the URL path: refuse anything that would change the path instead of escaping it.
  if (!CART_ID.test(cartId)) throw new Error(`Not a cart id: ${JSON.stringify(cartId.slice(0, 40))}`)
  return `/store/carts/${cartId}/${route}`
}

/**
 * Starts (or resumes) Tikkie Fast Checkout for a cart and answers the checkout page to send the shopper to.
 * The store computes the items, shipping and discount from the cart; a second call while the first
 * checkout is open answers the same page. A cart that has already paid answers 409 with a message for
 * the shopper (do not offer to pay again).
 */
export async function startTikkieFastCheckout(sdk: TikkieStoreClient, cartId: string, options: TikkieStartOptions = {}) {
  return sdk.client.fetch<StoreTikkieFastCheckoutResponse>(cartPath(cartId, "tikkie-fast-checkout"), {
    method: "POST",
    body: {},
    ...(options.headers ? { headers: options.headers } : {}),
  })
}

/**
 * Makes (or reuses) a Tikkie payment link for the cart's total. The shopper pays on Tikkie's page and
 * comes back through `tikkieReturnRouteUrl(…, "payment-request", payment_session_id)` ("I have paid").
 */
export async function startTikkiePaymentLink(sdk: TikkieStoreClient, cartId: string, options: TikkieStartOptions = {}) {
  return sdk.client.fetch<StoreTikkiePaymentRequestResponse>(cartPath(cartId, "tikkie-payment-request"), {
    method: "POST",
    body: {},
    ...(options.headers ? { headers: options.headers } : {}),
  })
}
