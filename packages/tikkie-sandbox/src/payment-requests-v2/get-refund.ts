import type { Handler } from "../router"
import { requireApp } from "./auth"
import { findRefund } from "./lookup"
import type { PaymentRequestsV2State } from "./state"
import { refundJson } from "./views"

/** GET .../payments/{paymentToken}/refunds/{refundToken}. */
export function getRefund(state: PaymentRequestsV2State): Handler {
  return (req) => {
    const caller = requireApp(req, state)
    if (!caller.ok) return caller.response
    const found = findRefund(req, state, caller.app.appToken)
    if (!found.ok) return found.response
    return { status: 200, json: refundJson(found.value.refund) }
  }
}
