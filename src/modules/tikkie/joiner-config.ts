import { defineJoinerConfig, pluralize } from "@medusajs/framework/utils"
import FastCheckoutOrder from "./models/fast-checkout-order"
import NotificationSubscription from "./models/notification-subscription"
import PaymentRequest from "./models/payment-request"
import PaymentRequestReminder from "./models/payment-request-reminder"
import PaymentRequestV1Setup from "./models/payment-request-v1-setup"
import RateWindow from "./models/rate-window"
import RefundOwed from "./models/refund-owed"

/** query.graph and the module links (src/links) ask for a model by its table's name; the service's methods carry shorter names. */
const queried = (name: string, entity: string, methodSuffix: string) => ({
  name: [name, pluralize(name)],
  entity,
  args: { methodSuffix },
})

export const tikkieJoinerConfig = defineJoinerConfig("tikkie", {
  models: [
    FastCheckoutOrder,
    RateWindow,
    PaymentRequest,
    NotificationSubscription,
    PaymentRequestV1Setup,
    RefundOwed,
    PaymentRequestReminder,
  ],
  alias: [
    queried("tikkie_fast_checkout_order", "TikkieFastCheckoutOrder", "FastCheckoutOrders"),
    queried("tikkie_payment_request", "TikkiePaymentRequest", "PaymentRequests"),
    queried("tikkie_refund_owed", "TikkieRefundOwed", "RefundOweds"),
  ],
})
