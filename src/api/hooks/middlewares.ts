import type { MiddlewareRoute } from "@medusajs/framework/http"
import { countHookRequest } from "../utils/count-hook-request"
import { hookSpan } from "../utils/hook-span"
import { validateBody, validateQuery, validateQueryOrPage } from "../utils/validate"
import { callbackPageLanguage, malformedPage } from "./tikkie/bank/callback/page"
import { BankConsentCallbackQuerySchema } from "./tikkie/bank/callback/validators"
import { FastCheckoutReturnQuerySchema } from "./tikkie/fast-checkout/return/validators"
import { FastCheckoutWebhookBodySchema, FastCheckoutWebhookQuerySchema } from "./tikkie/fast-checkout/validators"
import { PaymentRequestReturnQuerySchema } from "./tikkie/payment-requests/return/validators"
import { PaymentRequestNotificationBodySchema } from "./tikkie/payment-requests/validators"

/** Public hooks (Tikkie's webhooks, the shopper's returns, the bank's consent callback): every token is bounded in length and characters before the route reads anything. */
export const hooksMiddlewares: MiddlewareRoute[] = [
  {
    matcher: "/hooks/tikkie/fast-checkout",
    methods: ["POST"],
    middlewares: [
      countHookRequest,
      hookSpan("fast_checkout.webhook"),
      validateQuery(FastCheckoutWebhookQuerySchema),
      validateBody(FastCheckoutWebhookBodySchema),
    ],
  },
  {
    matcher: "/hooks/tikkie/fast-checkout/return",
    methods: ["GET"],
    middlewares: [countHookRequest, hookSpan("fast_checkout.return"), validateQuery(FastCheckoutReturnQuerySchema)],
  },
  {
    matcher: "/hooks/tikkie/payment-requests",
    methods: ["POST"],
    middlewares: [
      countHookRequest,
      hookSpan("payment_request.notification"),
      validateBody(PaymentRequestNotificationBodySchema),
    ],
  },
  {
    matcher: "/hooks/tikkie/payment-requests/return",
    methods: ["GET"],
    middlewares: [countHookRequest, hookSpan("payment_request.return"), validateQuery(PaymentRequestReturnQuerySchema)],
  },
  {
    // A person's browser lands here: a refusal is a page, not JSON.
    matcher: "/hooks/tikkie/bank/callback",
    methods: ["GET"],
    middlewares: [
      validateQueryOrPage(BankConsentCallbackQuerySchema, (req) => malformedPage(callbackPageLanguage(req))),
    ],
  },
]
