import { ListPaymentRequestsQuerySchema } from "tikkie-client/payment-requests/v2/schemas"
import type { SandboxContext } from "../context"
import type { Handler } from "../router"
import { requireApp } from "./auth"
import { parseWith, queryObject } from "./http"
import { page } from "./paging"
import type { PaymentRequestsV2State } from "./state"
import { paymentRequestJson } from "./views"

/** GET /v2/{product}/paymentrequests: the app's own requests, newest first. */
export function listPaymentRequests(ctx: SandboxContext, state: PaymentRequestsV2State): Handler {
  return (req) => {
    const caller = requireApp(req, state)
    if (!caller.ok) return caller.response
    const q = parseWith(
      req,
      ListPaymentRequestsQuerySchema,
      queryObject(req, ["pageNumber", "pageSize", "fromDateTime", "toDateTime"])
    )
    if (!q.ok) return q.response
    const now = ctx.now()
    const { items, totalElementCount } = page(state.paymentRequestsByApp.get(caller.app.appToken) ?? [], q.data)
    return {
      status: 200,
      json: { paymentRequests: items.map((pr) => paymentRequestJson(pr, now, req.baseUrl, true)), totalElementCount },
    }
  }
}
