import { defineMiddlewares, validateAndTransformBody } from "@medusajs/framework/http"
import { StartFastCheckoutBodySchema } from "./store/carts/[id]/tikkie-fast-checkout/validators"
import { fastCheckoutPaymentSessionMiddleware } from "./store/payment-collections/fast-checkout-payment-session"

export default defineMiddlewares({
  routes: [
    {
      matcher: "/store/carts/:id/tikkie-fast-checkout",
      method: ["POST"],
      middlewares: [validateAndTransformBody(StartFastCheckoutBodySchema as never)],
    },
    {
      // Medusa's own route: lines for a Fast Checkout session are computed here, never taken from the client.
      matcher: "/store/payment-collections/:id/payment-sessions",
      method: ["POST"],
      middlewares: [fastCheckoutPaymentSessionMiddleware],
    },
  ],
})
