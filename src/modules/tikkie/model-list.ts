import FastCheckoutOrder from "./models/fast-checkout-order"
import HealthMark from "./models/health-mark"
import NotificationSubscription from "./models/notification-subscription"
import PaymentRequest from "./models/payment-request"
import PaymentRequestReminder from "./models/payment-request-reminder"
import PaymentRequestV1Setup from "./models/payment-request-v1-setup"
import RateWindow from "./models/rate-window"
import RefundOwed from "./models/refund-owed"

/** The module's models: its service (MedusaService) and its joiner config read this one list. */
export const tikkieModels = {
  FastCheckoutOrder,
  RateWindow,
  PaymentRequest,
  NotificationSubscription,
  PaymentRequestV1Setup,
  RefundOwed,
  PaymentRequestReminder,
  HealthMark,
}
