import { refundLockMiddleware } from "./admin/payments/refund-lock"
import { defineMiddlewares, validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import { StartFastCheckoutBodySchema } from "./store/carts/[id]/tikkie-fast-checkout/validators"
import { redactTikkieDataMiddleware } from "./store/redact-tikkie-data"
import { earlierPaymentsGuardMiddleware } from "./store/payment-collections/earlier-payments-guard"
import { fastCheckoutPaymentSessionMiddleware } from "./store/payment-collections/fast-checkout-payment-session"
import { StartPaymentRequestBodySchema } from "./store/carts/[id]/tikkie-payment-request/validators"
import { paymentRequestPaymentSessionMiddleware } from "./store/payment-collections/payment-request-payment-session"
import { SubscribeNotificationsBodySchema } from "./admin/tikkie/payment-requests/subscription/validators"
import { CreateInvoiceLinkBodySchema } from "./admin/tikkie/payment-requests/validators"
import { CreateOrderLinkBodySchema } from "./admin/orders/[id]/tikkie-payment-links/validators"
import { RunV1SetupBodySchema } from "./admin/tikkie/payment-requests/v1-setup/validators"
import {
  IbanRequestQuerySchema,
  ListRefundsOwedQuerySchema,
  MarkRefundedBodySchema,
  PayerAccountBodySchema,
  RequestIbanBodySchema,
} from "./admin/tikkie/refunds-owed/validators"
import { ConnectBankBodySchema, FundsQuerySchema, TransactionsQuerySchema } from "./admin/tikkie/bank/validators"
import { ReconciliationQuerySchema } from "./admin/tikkie/reconciliation/validators"
import { ListFastCheckoutOrdersQuerySchema } from "./admin/tikkie/fast-checkout-orders/validators"
import { ListPaidWithoutOrderQuerySchema } from "./admin/tikkie/paid-without-order/validators"
import { ListInvoiceLinksQuerySchema } from "./admin/tikkie/payment-requests/validators"
import { ListOrderLinksQuerySchema } from "./admin/orders/[id]/tikkie-payment-links/validators"
import { ConnectV1BodySchema } from "./admin/tikkie/payment-requests/v1-connect/validators"
import { V1SetupQuerySchema } from "./admin/tikkie/payment-requests/v1-setup/validators"
import { validateBody, validateQuery, validateQueryOrPage } from "./utils/validate"
import { BankConsentCallbackQuerySchema } from "./hooks/tikkie/bank/callback/validators"
import { callbackPage } from "./hooks/tikkie/bank/callback/page"
import { NoBodySchema, NoQuerySchema } from "./utils/validators"
import { FastCheckoutWebhookBodySchema } from "./hooks/tikkie/fast-checkout/validators"
import { PaymentRequestNotificationBodySchema } from "./hooks/tikkie/payment-requests/validators"
import { FastCheckoutReturnQuerySchema } from "./hooks/tikkie/fast-checkout/return/validators"
import { PaymentRequestReturnQuerySchema } from "./hooks/tikkie/payment-requests/return/validators"

/**
 * Every route's input is validated here (Medusa's convention), never in the handler. Two kinds:
 * - `validateAndTransformBody(...)`: Medusa's validator and its refusal (`Invalid request: …`), which
 *   these routes have always answered.
 * - `validateBody(...)` / `validateQuery(...)` (utils/validate.ts): Medusa's validator too, but a refusal
 *   keeps the schema's own messages (`Invalid body: …` / `Invalid query: …`), where Medusa's rewording
 *   would lose them ("limit must be at most 100" → "Value for field 'limit' too big, …").
 * List routes answer Medusa's pagination shape: `{ <items>, count, limit, offset }`.
 */
export default defineMiddlewares({
  routes: [
    {
      // Before any store route answers: Tikkie session data without the payer's details (store/redact-tikkie-data.ts).
      matcher: "/store/*",
      middlewares: [redactTikkieDataMiddleware],
    },
    {
      matcher: "/store/carts/:id/tikkie-fast-checkout",
      method: ["POST"],
      middlewares: [validateAndTransformBody(StartFastCheckoutBodySchema)],
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
      middlewares: [validateAndTransformBody(StartPaymentRequestBodySchema)],
    },
    {
      // Medusa's own route: a shopper cannot choose the text of a Tikkie payment request.
      matcher: "/store/payment-collections/:id/payment-sessions",
      method: ["POST"],
      middlewares: [paymentRequestPaymentSessionMiddleware],
    },
    {
      matcher: "/admin/payments/:id/refund",
      method: "POST",
      middlewares: [refundLockMiddleware],
    },
    {
      matcher: "/admin/tikkie/payment-requests/subscription",
      method: ["POST"],
      middlewares: [validateAndTransformBody(SubscribeNotificationsBodySchema)],
    },
    {
      matcher: "/admin/tikkie/payment-requests",
      method: ["POST"],
      middlewares: [validateAndTransformBody(CreateInvoiceLinkBodySchema)],
    },
    {
      matcher: "/admin/orders/:id/tikkie-payment-links",
      method: ["POST"],
      middlewares: [validateAndTransformBody(CreateOrderLinkBodySchema)],
    },
    {
      matcher: "/admin/tikkie/payment-requests/v1-setup",
      method: ["POST"],
      middlewares: [validateAndTransformBody(RunV1SetupBodySchema)],
    },
    {
      matcher: "/admin/tikkie/bank/connect",
      method: ["POST"],
      middlewares: [validateBody(ConnectBankBodySchema)],
    },
    {
      matcher: "/admin/tikkie/bank/funds",
      method: ["GET"],
      middlewares: [validateQuery(FundsQuerySchema)],
    },
    {
      // Paged by the bank (next_page_key): the bank gives no count, so no limit/offset here.
      matcher: "/admin/tikkie/bank/transactions",
      method: ["GET"],
      middlewares: [validateQuery(TransactionsQuerySchema)],
    },
    {
      matcher: "/admin/tikkie/reconciliation",
      method: ["GET"],
      middlewares: [validateQuery(ReconciliationQuerySchema, { isList: true })],
    },
    {
      matcher: "/admin/tikkie/reconciliation/run",
      method: ["POST"],
      middlewares: [validateBody(NoBodySchema)],
    },
    {
      matcher: "/admin/tikkie/fast-checkout-orders",
      method: ["GET"],
      middlewares: [validateQuery(ListFastCheckoutOrdersQuerySchema, { isList: true })],
    },
    {
      matcher: "/admin/orders/:id/tikkie-payment-links/:token/send",
      method: ["POST"],
      middlewares: [validateBody(NoBodySchema)],
    },
    {
      matcher: "/admin/tikkie/paid-without-order",
      method: ["GET"],
      middlewares: [validateQuery(ListPaidWithoutOrderQuerySchema, { isList: true })],
    },
    {
      matcher: "/admin/tikkie/payment-requests",
      method: ["GET"],
      middlewares: [validateQuery(ListInvoiceLinksQuerySchema, { isList: true })],
    },
    {
      matcher: "/admin/orders/:id/tikkie-payment-links",
      method: ["GET"],
      middlewares: [validateQuery(ListOrderLinksQuerySchema, { isList: true })],
    },
    {
      matcher: "/admin/tikkie/payment-requests/v1-connect",
      method: ["POST"],
      middlewares: [validateBody(ConnectV1BodySchema)],
    },
    {
      matcher: "/admin/tikkie/payment-requests/v1-setup",
      method: ["GET"],
      middlewares: [validateQuery(V1SetupQuerySchema)],
    },
    {
      matcher: "/admin/tikkie/attention",
      method: ["GET"],
      middlewares: [validateQuery(NoQuerySchema)],
    },
    {
      matcher: "/admin/tikkie/refunds-owed",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(ListRefundsOwedQuerySchema, {})],
    },
    {
      matcher: "/admin/tikkie/refunds-owed/:id/refund-at-tikkie",
      method: ["POST"],
      middlewares: [validateBody(NoBodySchema)],
    },
    {
      matcher: "/admin/tikkie/refunds-owed/:id/refunded",
      method: ["POST"],
      middlewares: [validateAndTransformBody(MarkRefundedBodySchema)],
    },
    {
      matcher: "/admin/tikkie/refunds-owed/:id/iban-request",
      method: ["GET"],
      middlewares: [validateQuery(IbanRequestQuerySchema)],
    },
    {
      matcher: "/admin/tikkie/refunds-owed/:id/iban-request",
      method: ["POST"],
      middlewares: [validateBody(RequestIbanBodySchema)],
    },
    {
      matcher: "/admin/tikkie/refunds-owed/:id/payer-account",
      method: ["POST"],
      middlewares: [validateBody(PayerAccountBodySchema)],
    },
    // Public hooks: every token is bounded in length and characters before the route reads anything.
    {
      matcher: "/hooks/tikkie/fast-checkout",
      method: ["POST"],
      middlewares: [validateAndTransformBody(FastCheckoutWebhookBodySchema)],
    },
    {
      matcher: "/hooks/tikkie/payment-requests",
      method: ["POST"],
      middlewares: [validateAndTransformBody(PaymentRequestNotificationBodySchema)],
    },
    {
      matcher: "/hooks/tikkie/fast-checkout/return",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(FastCheckoutReturnQuerySchema, {})],
    },
    {
      matcher: "/hooks/tikkie/payment-requests/return",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(PaymentRequestReturnQuerySchema, {})],
    },
    {
      matcher: "/hooks/tikkie/bank/callback",
      method: ["GET"],
      middlewares: [
        validateQueryOrPage(BankConsentCallbackQuerySchema, () =>
          callbackPage("Not connected", "The bank's answer is malformed. Start again from the store admin.")
        ),
      ],
    },
  ],
})
