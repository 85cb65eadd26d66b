import type { SandboxContext } from "../context"
import type { Handler } from "../router"
import { authorize } from "./auth"
import { findPaymentRequest, findUser } from "./lookup"
import type { V1Store } from "./state"
import { paymentRequestView } from "./views"

/** Operation 7: one request of this user, with its PAID payments only. */
export function getPaymentRequest(ctx: SandboxContext, store: V1Store): Handler {
  return (req) => {
    const auth = authorize(ctx, req)
    if (!auth.ok) return auth.response
    const found = findUser(store, req.traceId, auth.client, req.params.platformToken, req.params.userToken)
    if (!found.ok) return found.response
    const pr = findPaymentRequest(found.value.user, req.traceId, req.params.paymentRequestToken)
    if (!pr.ok) return pr.response
    return { status: 200, json: paymentRequestView(pr.value, ctx.now()) }
  }
}
