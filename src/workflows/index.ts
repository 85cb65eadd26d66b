/**
 * `medusa-plugin-tikkie/workflows`: the plugin's operations a shop may call from its own routes, jobs
 * and subscribers (each takes the Medusa container first). They are what the plugin's own routes, jobs
 * and subscribers run: starting a checkout, making a link, settling what Tikkie reports, reconciling the
 * bank account.
 */
export { startFastCheckoutWorkflow } from "./fast-checkout/start-fast-checkout"
export { startExpressCheckoutWorkflow } from "./fast-checkout/start-express-checkout"
export { settleFastCheckoutOrderWorkflow } from "./fast-checkout/settle-fast-checkout-order"
export { importFastCheckoutPayer } from "./fast-checkout/utils/import-payer"
export { FAST_CHECKOUT_PROVIDER_PREFIX, isFastCheckoutProvider } from "../providers/provider-keys"
export { startPaymentRequestCheckoutWorkflow } from "./payment-request/start-checkout"
export { createOrderPaymentLinkWorkflow } from "./payment-request/create-order-link"
export { createInvoicePaymentLinkWorkflow } from "./payment-request/create-invoice-link"
export { settlePaymentRequestWorkflow } from "./payment-request/settle-payment-request"
export { subscribePaymentRequestNotifications } from "./payment-request/utils/subscribe-notifications"
export { ensureV1Setup } from "./payment-request/utils/v1-setup"
export { PAYMENT_REQUEST_PROVIDER_PREFIX, isPaymentRequestProvider } from "../providers/provider-keys"
export { startBankConnectWorkflow } from "./tikkie-bank/start-bank-connect"
export { completeBankConsentWorkflow } from "./tikkie-bank/complete-bank-consent"
export { reconcileBankWorkflow } from "./tikkie-bank/reconcile"
export { markRefundOwedRefundedWorkflow } from "./refunds-owed/mark-refund-owed-refunded"
export { refundOwedAtTikkieWorkflow } from "./refunds-owed/refund-at-tikkie"
export { requestPayerIbanWorkflow } from "./refunds-owed/request-payer-iban"
export { recordPayerIbanWorkflow } from "./refunds-owed/record-payer-iban"
export { recordRefundOwedAfterOrderChangeWorkflow } from "./refunds-owed/record-refund-owed-after-order-change"
