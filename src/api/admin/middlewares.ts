import type { MiddlewareRoute } from "@medusajs/framework/http"
import { validateBody, validateQuery } from "../utils/validate"
import { NoBodySchema, NoQuerySchema } from "../utils/validators"
import {
  CreateOrderLinkBodySchema,
  LinkRemindersBodySchema,
  ListOrderLinksQuerySchema,
} from "./orders/[id]/tikkie-payment-links/validators"
import { refundLockMiddleware } from "./payments/refund-lock"
import { refundOwedInsteadMiddleware } from "./payments/refund-owed-instead"
import { AdminRefundPaymentBodySchema } from "./payments/validators"
import { ConnectBankBodySchema, FundsQuerySchema, TransactionsQuerySchema } from "./tikkie/bank/validators"
import { ListFastCheckoutOrdersQuerySchema } from "./tikkie/fast-checkout-orders/validators"
import { ListPaidWithoutOrderQuerySchema } from "./tikkie/paid-without-order/validators"
import { SubscribeNotificationsBodySchema } from "./tikkie/payment-requests/subscription/validators"
import { ConnectV1BodySchema } from "./tikkie/payment-requests/v1-connect/validators"
import { RunV1SetupBodySchema, V1SetupQuerySchema } from "./tikkie/payment-requests/v1-setup/validators"
import { CreateInvoiceLinkBodySchema, ListInvoiceLinksQuerySchema } from "./tikkie/payment-requests/validators"
import { ReconciliationQuerySchema } from "./tikkie/reconciliation/validators"
import {
  IbanRequestQuerySchema,
  ListRefundsOwedQuerySchema,
  MarkRefundedBodySchema,
  PayerAccountBodySchema,
  RequestIbanBodySchema,
} from "./tikkie/refunds-owed/validators"

/** The Admin API: the plugin's routes, and the lock it adds to Medusa's refund route. List routes take `isList`. */
export const adminMiddlewares: MiddlewareRoute[] = [
  {
    // Medusa's own route: one refund at a time per payment (refund-lock.ts); a payment Tikkie cannot
    // refund gets a refund owed instead (refund-owed-instead.ts).
    matcher: "/admin/payments/:id/refund",
    methods: ["POST"],
    middlewares: [refundLockMiddleware, validateBody(AdminRefundPaymentBodySchema), refundOwedInsteadMiddleware],
  },
  // An order's payment links
  {
    matcher: "/admin/orders/:id/tikkie-payment-links",
    methods: ["GET"],
    middlewares: [validateQuery(ListOrderLinksQuerySchema, { isList: true })],
  },
  {
    matcher: "/admin/orders/:id/tikkie-payment-links",
    methods: ["POST"],
    middlewares: [validateBody(CreateOrderLinkBodySchema)],
  },
  {
    matcher: "/admin/orders/:id/tikkie-payment-links/:token/send",
    methods: ["POST"],
    middlewares: [validateBody(NoBodySchema)],
  },
  {
    matcher: "/admin/orders/:id/tikkie-payment-links/:token/reminders",
    methods: ["GET"],
    middlewares: [validateQuery(NoQuerySchema)],
  },
  {
    matcher: "/admin/orders/:id/tikkie-payment-links/:token/reminders",
    methods: ["POST"],
    middlewares: [validateBody(LinkRemindersBodySchema)],
  },
  // The Tikkie page
  {
    matcher: "/admin/tikkie/attention",
    methods: ["GET"],
    middlewares: [validateQuery(NoQuerySchema)],
  },
  {
    matcher: "/admin/tikkie/health",
    methods: ["GET"],
    middlewares: [validateQuery(NoQuerySchema)],
  },
  {
    matcher: "/admin/tikkie/paid-without-order",
    methods: ["GET"],
    middlewares: [validateQuery(ListPaidWithoutOrderQuerySchema, { isList: true })],
  },
  {
    matcher: "/admin/tikkie/fast-checkout-orders",
    methods: ["GET"],
    middlewares: [validateQuery(ListFastCheckoutOrdersQuerySchema, { isList: true })],
  },
  {
    matcher: "/admin/tikkie/fast-checkout-orders/:id/delivery-reviewed",
    methods: ["POST"],
    middlewares: [validateBody(NoBodySchema)],
  },
  {
    matcher: "/admin/tikkie/payment-requests",
    methods: ["GET"],
    middlewares: [validateQuery(ListInvoiceLinksQuerySchema, { isList: true })],
  },
  {
    matcher: "/admin/tikkie/payment-requests",
    methods: ["POST"],
    middlewares: [validateBody(CreateInvoiceLinkBodySchema)],
  },
  {
    matcher: "/admin/tikkie/payment-requests/:token/reminders",
    methods: ["GET"],
    middlewares: [validateQuery(NoQuerySchema)],
  },
  {
    matcher: "/admin/tikkie/payment-requests/:token/reminders",
    methods: ["POST"],
    middlewares: [validateBody(LinkRemindersBodySchema)],
  },
  {
    matcher: "/admin/tikkie/payment-requests/subscription",
    methods: ["POST"],
    middlewares: [validateBody(SubscribeNotificationsBodySchema)],
  },
  {
    matcher: "/admin/tikkie/payment-requests/v1-connect",
    methods: ["GET"],
    middlewares: [validateQuery(NoQuerySchema)],
  },
  {
    matcher: "/admin/tikkie/payment-requests/v1-connect",
    methods: ["POST"],
    middlewares: [validateBody(ConnectV1BodySchema)],
  },
  {
    matcher: "/admin/tikkie/payment-requests/v1-setup",
    methods: ["GET"],
    middlewares: [validateQuery(V1SetupQuerySchema)],
  },
  {
    matcher: "/admin/tikkie/payment-requests/v1-setup",
    methods: ["POST"],
    middlewares: [validateBody(RunV1SetupBodySchema)],
  },
  // Refunds owed
  {
    matcher: "/admin/tikkie/refunds-owed",
    methods: ["GET"],
    middlewares: [validateQuery(ListRefundsOwedQuerySchema)],
  },
  {
    matcher: "/admin/tikkie/refunds-owed/:id/refund-at-tikkie",
    methods: ["POST"],
    middlewares: [validateBody(NoBodySchema)],
  },
  {
    matcher: "/admin/tikkie/refunds-owed/:id/refunded",
    methods: ["POST"],
    middlewares: [validateBody(MarkRefundedBodySchema)],
  },
  {
    matcher: "/admin/tikkie/refunds-owed/:id/iban-request",
    methods: ["GET"],
    middlewares: [validateQuery(IbanRequestQuerySchema)],
  },
  {
    matcher: "/admin/tikkie/refunds-owed/:id/iban-request",
    methods: ["POST"],
    middlewares: [validateBody(RequestIbanBodySchema)],
  },
  {
    matcher: "/admin/tikkie/refunds-owed/:id/payer-account",
    methods: ["POST"],
    middlewares: [validateBody(PayerAccountBodySchema)],
  },
  // The bank account and reconciliation
  {
    matcher: "/admin/tikkie/bank",
    methods: ["GET"],
    middlewares: [validateQuery(NoQuerySchema)],
  },
  {
    matcher: "/admin/tikkie/bank/connect",
    methods: ["POST"],
    middlewares: [validateBody(ConnectBankBodySchema)],
  },
  {
    matcher: "/admin/tikkie/bank/funds",
    methods: ["GET"],
    middlewares: [validateQuery(FundsQuerySchema)],
  },
  {
    // Paged by the bank (next_page_key): the bank gives no count, so no limit/offset here.
    matcher: "/admin/tikkie/bank/transactions",
    methods: ["GET"],
    middlewares: [validateQuery(TransactionsQuerySchema)],
  },
  {
    matcher: "/admin/tikkie/reconciliation",
    methods: ["GET"],
    middlewares: [validateQuery(ReconciliationQuerySchema, { isList: true })],
  },
  {
    matcher: "/admin/tikkie/reconciliation/run",
    methods: ["POST"],
    middlewares: [validateBody(NoBodySchema)],
  },
]
