import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody, validateQuery } from "../utils/validate"
import {
  ExpressCheckoutQuerySchema,
  StartExpressCheckoutBodySchema,
} from "./carts/[id]/tikkie-express-checkout/validators"
import { StartFastCheckoutBodySchema } from "./carts/[id]/tikkie-fast-checkout/validators"
import { StartPaymentRequestBodySchema } from "./carts/[id]/tikkie-payment-request/validators"
import { earlierPaymentsGuardMiddleware } from "./payment-collections/earlier-payments-guard"
import { fastCheckoutPaymentSessionMiddleware } from "./payment-collections/fast-checkout-payment-session"
import { paymentRequestPaymentSessionMiddleware } from "./payment-collections/payment-request-payment-session"
import { redactTikkieDataMiddleware } from "./redact-tikkie-data"

/** The Store API: the plugin's cart routes, and what it adds to Medusa's own routes. */
export const storeMiddlewares: MiddlewareRoute[] = [
  {
    // Before any store route answers: Tikkie session data without the payer's details (redact-tikkie-data.ts).
    matcher: "/store/*",
    middlewares: [redactTikkieDataMiddleware],
  },
  {
    // Medusa's own route, in this order: a cart whose Tikkie payment is not settled yet keeps its paid
    // session (any provider); lines for a Fast Checkout session are computed here, never taken from the
    // client; a shopper cannot choose the text of a Tikkie payment request.
    matcher: "/store/payment-collections/:id/payment-sessions",
    methods: ["POST"],
    middlewares: [
      earlierPaymentsGuardMiddleware,
      fastCheckoutPaymentSessionMiddleware,
      paymentRequestPaymentSessionMiddleware,
    ],
  },
  {
    matcher: "/store/carts/:id/tikkie-fast-checkout",
    methods: ["POST"],
    middlewares: [validateBody(StartFastCheckoutBodySchema)],
  },
  {
    matcher: "/store/carts/:id/tikkie-express-checkout",
    methods: ["GET"],
    middlewares: [validateQuery(ExpressCheckoutQuerySchema)],
  },
  {
    matcher: "/store/carts/:id/tikkie-express-checkout",
    methods: ["POST"],
    middlewares: [validateBody(StartExpressCheckoutBodySchema)],
  },
  {
    matcher: "/store/carts/:id/tikkie-payment-request",
    methods: ["POST"],
    middlewares: [validateBody(StartPaymentRequestBodySchema)],
  },
]
