// Names carry a V1 prefix where v2 has a concept of the same name, since the package index exports both.
export {
  PaymentRequestsV1Client,
  type PaymentRequestsV1ClientOptions,
  type ListPaymentRequestsQueryInput,
  type V1AccessTokenFunction,
} from "./client"
export { V1_ERRORS, V1_SERVICE_CODES } from "./codes"
export {
  MAX_AMOUNT_IN_CENTS as V1_MAX_AMOUNT_IN_CENTS,
  MAX_LIST_LIMIT as V1_MAX_LIST_LIMIT,
  PAYMENT_REQUEST_EXPIRY_DAYS as V1_PAYMENT_REQUEST_EXPIRY_DAYS,
} from "./limits"
export type {
  BankAccount as V1BankAccount,
  CreatePaymentRequestAnswer as V1CreatePaymentRequestAnswer,
  CreatePaymentRequestInput as V1CreatePaymentRequestInput,
  CreatePlatformInput as V1CreatePlatformInput,
  CreateUserInput as V1CreateUserInput,
  OnlinePaymentStatus as V1OnlinePaymentStatus,
  Payment as V1Payment,
  PaymentRequest as V1PaymentRequest,
  PaymentRequestList as V1PaymentRequestList,
  PaymentRequestStatus as V1PaymentRequestStatus,
  Platform as V1Platform,
  User as V1User,
} from "./schemas"
