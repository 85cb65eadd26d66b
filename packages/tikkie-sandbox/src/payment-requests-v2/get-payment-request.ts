import type { SandboxContext } from "../context"
import type { Handler } from "../router"
import { requireApp } from "./auth"
import { findPaymentRequest } from "./lookup"
import type { PaymentRequestsV2State } from "./state"
import { paymentRequestJson } from "./views"

/** GET /v2/{product}/paymentrequests/{paymentRequestToken}. */
export function getPaymentRequest(ctx: SandboxContext, state: PaymentRequestsV2State): Handler {
  return (req) => {
    const caller = requireApp(req, state)
    if (!caller.ok) return caller.response
    const pr = findPaymentRequest(req, state, caller.app.appToken)
    if (!pr.ok) return pr.response
    return { status: 200, json: paymentRequestJson(pr.value, ctx.now(), req.baseUrl, true) }
  }
}
