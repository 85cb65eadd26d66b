import { defineJoinerConfig, pluralize } from "@medusajs/framework/utils"
import { tikkieModels } from "./model-list"

/** query.graph and the module links (src/links) ask for a model by its table's name; the service's methods carry shorter names. */
const queried = (name: string, entity: string, methodSuffix: string) => ({
  name: [name, pluralize(name)],
  entity,
  args: { methodSuffix },
})

export const tikkieJoinerConfig = defineJoinerConfig("tikkie", {
  models: Object.values(tikkieModels),
  alias: [
    queried("tikkie_fast_checkout_order", "TikkieFastCheckoutOrder", "FastCheckoutOrders"),
    queried("tikkie_payment_request", "TikkiePaymentRequest", "PaymentRequests"),
    queried("tikkie_refund_owed", "TikkieRefundOwed", "RefundOweds"),
  ],
})
