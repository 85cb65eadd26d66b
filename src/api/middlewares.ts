import { defineMiddlewares, validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import { StartFastCheckoutBodySchema } from "./store/carts/[id]/tikkie-fast-checkout/validators"
import { earlierPaymentsGuardMiddleware } from "./store/payment-collections/earlier-payments-guard"
import { fastCheckoutPaymentSessionMiddleware } from "./store/payment-collections/fast-checkout-payment-session"
import { StartPaymentRequestBodySchema } from "./store/carts/[id]/tikkie-payment-request/validators"
import { paymentRequestPaymentSessionMiddleware } from "./store/payment-collections/payment-request-payment-session"
import { SubscribeNotificationsBodySchema } from "./admin/tikkie/payment-requests/subscription/validators"
import { CreateInvoiceLinkBodySchema } from "./admin/tikkie/payment-requests/validators"
import { CreateOrderLinkBodySchema } from "./admin/orders/[id]/tikkie-payment-links/validators"
import { RunV1SetupBodySchema } from "./admin/tikkie/payment-requests/v1-setup/validators"
import { ListRefundsOwedQuerySchema, MarkRefundedBodySchema } from "./admin/tikkie/refunds-owed/validators"
import { FastCheckoutWebhookBodySchema } from "./hooks/tikkie/fast-checkout/validators"
import { PaymentRequestNotificationBodySchema } from "./hooks/tikkie/payment-requests/validators"
import { FastCheckoutReturnQuerySchema } from "./hooks/tikkie/fast-checkout/return/validators"
import { PaymentRequestReturnQuerySchema } from "./hooks/tikkie/payment-requests/return/validators"

export default defineMiddlewares({
  routes: [
    {
      matcher: "/store/carts/:id/tikkie-fast-checkout",
      method: ["POST"],
      middlewares: [validateAndTransformBody(StartFastCheckoutBodySchema as never)],
    },
    {
      // Medusa's own route, any provider: a cart whose Tikkie payment is not settled yet keeps its paid session.
      matcher: "/store/payment-collections/:id/payment-sessions",
      method: ["POST"],
      middlewares: [earlierPaymentsGuardMiddleware],
    },
    {
      // Medusa's own route: lines for a Fast Checkout session are computed here, never taken from the client.
      matcher: "/store/payment-collections/:id/payment-sessions",
      method: ["POST"],
      middlewares: [fastCheckoutPaymentSessionMiddleware],
    },
    {
      matcher: "/store/carts/:id/tikkie-payment-request",
      method: ["POST"],
      middlewares: [validateAndTransformBody(StartPaymentRequestBodySchema as never)],
    },
    {
      // Medusa's own route: a shopper cannot choose the text of a Tikkie payment request.
      matcher: "/store/payment-collections/:id/payment-sessions",
      method: ["POST"],
      middlewares: [paymentRequestPaymentSessionMiddleware],
    },
    {
      matcher: "/admin/tikkie/payment-requests/subscription",
      method: ["POST"],
      middlewares: [validateAndTransformBody(SubscribeNotificationsBodySchema as never)],
    },
    {
      matcher: "/admin/tikkie/payment-requests",
      method: ["POST"],
      middlewares: [validateAndTransformBody(CreateInvoiceLinkBodySchema as never)],
    },
    {
      matcher: "/admin/orders/:id/tikkie-payment-links",
      method: ["POST"],
      middlewares: [validateAndTransformBody(CreateOrderLinkBodySchema as never)],
    },
    {
      matcher: "/admin/tikkie/payment-requests/v1-setup",
      method: ["POST"],
      middlewares: [validateAndTransformBody(RunV1SetupBodySchema as never)],
    },
    {
      matcher: "/admin/tikkie/refunds-owed",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(ListRefundsOwedQuerySchema as never, {})],
    },
    {
      matcher: "/admin/tikkie/refunds-owed/:id/refunded",
      method: ["POST"],
      middlewares: [validateAndTransformBody(MarkRefundedBodySchema as never)],
    },
    // Public hooks: every token is bounded in length and characters before the route reads anything.
    {
      matcher: "/hooks/tikkie/fast-checkout",
      method: ["POST"],
      middlewares: [validateAndTransformBody(FastCheckoutWebhookBodySchema as never)],
    },
    {
      matcher: "/hooks/tikkie/payment-requests",
      method: ["POST"],
      middlewares: [validateAndTransformBody(PaymentRequestNotificationBodySchema as never)],
    },
    {
      matcher: "/hooks/tikkie/fast-checkout/return",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(FastCheckoutReturnQuerySchema as never, {})],
    },
    {
      matcher: "/hooks/tikkie/payment-requests/return",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(PaymentRequestReturnQuerySchema as never, {})],
    },
  ],
})
