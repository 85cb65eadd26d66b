/**
 * The demo storefront's browser bundle (served as /tikkie-storefront.js, built by
 * scripts/bundle-storefront.js when the storefront starts): Medusa's JS SDK and the plugin's storefront
 * helpers, the way a shop's storefront uses them, on `window.TikkieDemo` for the plain-JS pages (app.js).
 */
import Medusa from "@medusajs/js-sdk"
import {
  getTikkieExpressShipping,
  readTikkieReturn,
  startTikkieExpressCheckout,
  tikkieExpressShippingText,
  tikkieLabels,
  startTikkieFastCheckout,
  startTikkiePaymentLink,
  tikkieReturnRouteUrl,
} from "../../src/storefront"

interface DemoConfig {
  storeUrl: string
  publishableKey: string
}

const config = (window as unknown as { DEMO: DemoConfig }).DEMO
const sdk = new Medusa({ baseUrl: config.storeUrl, publishableKey: config.publishableKey })

;(window as unknown as { TikkieDemo: unknown }).TikkieDemo = {
  startFastCheckout: (cartId: string) => startTikkieFastCheckout(sdk, cartId),
  startPaymentLink: (cartId: string) => startTikkiePaymentLink(sdk, cartId),
  // Express: from the cart, Tikkie asks for everything; the store sets country and shipping.
  expressLabel: tikkieLabels("en").fastCheckout,
  expressShipping: async (cartId: string, countryCode: string) =>
    tikkieExpressShippingText((await getTikkieExpressShipping(sdk, cartId, { countryCode })).shipping_option),
  startExpress: (cartId: string, countryCode: string) => startTikkieExpressCheckout(sdk, cartId, { countryCode }),
  readReturn: () => readTikkieReturn(new URL(window.location.href)),
  returnRouteUrl: (kind: "fast-checkout" | "payment-request", sessionId: string) =>
    tikkieReturnRouteUrl(config.storeUrl, kind, sessionId),
}
