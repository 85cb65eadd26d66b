/**
 * Public exports of payment requests v2. The root index re-exports this next to v1, so names that v1
 * may use too (PaymentRequest, PaymentSchema...) are exported here with a V2 suffix or inside the
 * `paymentRequestsV2` namespace, never bare.
 */
export { PaymentRequestsClient, type PaymentRequestsClientOptions, type RefundCheck } from "./client"
export {
  PaymentRequestNotificationSchema,
  type PaymentRequestNotification,
  type PaymentRequest as PaymentRequestV2,
  type PaymentRequestStatus as PaymentRequestStatusV2,
  type Payment as PaymentV2,
  type Refund as RefundV2,
  type RefundStatus as RefundStatusV2,
  type PaymentRequestList as PaymentRequestListV2,
  type PaymentList as PaymentListV2,
  type CreatePaymentRequestBody as CreatePaymentRequestBodyV2,
  type CreateRefundBody as CreateRefundBodyV2,
} from "./schemas"
export { PAYMENT_REQUESTS_V2_ERRORS, type PaymentRequestsV2ErrorCode } from "./error-codes"
export * as paymentRequestsV2 from "./schemas"
export * as paymentRequestsV2Rules from "./rules"
