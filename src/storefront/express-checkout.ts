/** Express Fast Checkout from the cart, nothing typed (docs/fast-checkout.md). Browser-safe. */
import type { TikkieLanguage } from "./language"
import {
  callStore,
  type StoreTikkieFastCheckoutResponse,
  type TikkieStartOptions,
  type TikkieStoreClient,
} from "./start-checkout"

/** The shipping option an express checkout uses; `amount` as Medusa answers amounts, `amount_in_cents` to format. */
export interface TikkieExpressShipping {
  id: string
  name: string
  amount: number
  amount_in_cents: number
  currency_code: string
}

export interface StoreTikkieExpressShippingResponse {
  country_code: string
  shipping_option: TikkieExpressShipping
}

export interface StoreTikkieExpressCheckoutResponse extends StoreTikkieFastCheckoutResponse {
  country_code: string
  shipping_option: TikkieExpressShipping
}

/** `countryCode`: the storefront's (the starter's URL segment); the cart is shipped and taxed there. */
export interface TikkieExpressOptions extends TikkieStartOptions {
  countryCode: string
}

const ROUTE = "tikkie-express-checkout"

/** What the express button would ship with, to show next to it; a country without options throws `invalid`. */
export function getTikkieExpressShipping(
  sdk: TikkieStoreClient,
  cartId: string | undefined,
  options: TikkieExpressOptions
): Promise<StoreTikkieExpressShippingResponse> {
  const query = `country_code=${encodeURIComponent(options.countryCode)}`
  return callStore(sdk, cartId, `${ROUTE}?${query}`, { method: "GET" }, options)
}

/** Starts express Fast Checkout for the cart: send the shopper to `checkout_url` (409s as Fast Checkout's). */
export function startTikkieExpressCheckout(
  sdk: TikkieStoreClient,
  cartId: string | undefined,
  options: TikkieExpressOptions
): Promise<StoreTikkieExpressCheckoutResponse> {
  return callStore(sdk, cartId, ROUTE, { method: "POST", body: { country_code: options.countryCode } }, options)
}

/** "Verzending: PostNL Standaard, € 4,95" / "Shipping: PostNL Standard, €4.95". */
export function tikkieExpressShippingText(shipping: TikkieExpressShipping, language: TikkieLanguage = "en"): string {
  const money = new Intl.NumberFormat(language === "nl" ? "nl-NL" : "en-GB", {
    style: "currency",
    currency: shipping.currency_code.toUpperCase(),
  }).format(shipping.amount_in_cents / 100)
  return `${language === "nl" ? "Verzending" : "Shipping"}: ${shipping.name}, ${money}`
}
