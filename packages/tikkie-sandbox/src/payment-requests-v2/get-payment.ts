import type { Handler } from "../router"
import { requireApp } from "./auth"
import { findPayment } from "./lookup"
import type { PaymentRequestsV2State } from "./state"
import { paymentJson } from "./views"

/** GET /v2/{product}/paymentrequests/{paymentRequestToken}/payments/{paymentToken}: always with its refunds. */
export function getPayment(state: PaymentRequestsV2State): Handler {
  return (req) => {
    const caller = requireApp(req, state)
    if (!caller.ok) return caller.response
    const found = findPayment(req, state, caller.app.appToken)
    if (!found.ok) return found.response
    return { status: 200, json: paymentJson(found.value.payment) }
  }
}
