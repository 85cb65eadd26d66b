import { ListPaymentsQuerySchema } from "tikkie-client/payment-requests/v2/schemas"
import type { Handler } from "../router"
import { requireApp } from "./auth"
import { parseWith, queryObject } from "./http"
import { findPaymentRequest } from "./lookup"
import { page } from "./paging"
import type { PaymentRequestsV2State } from "./state"
import { paymentJson } from "./views"

/** GET /v2/{product}/paymentrequests/{paymentRequestToken}/payments: newest first; refunds unless includeRefunds=false. */
export function listPayments(state: PaymentRequestsV2State): Handler {
  return (req) => {
    const caller = requireApp(req, state)
    if (!caller.ok) return caller.response
    const pr = findPaymentRequest(req, state, caller.app.appToken)
    if (!pr.ok) return pr.response
    const q = parseWith(
      req,
      ListPaymentsQuerySchema,
      queryObject(req, ["pageNumber", "pageSize", "fromDateTime", "toDateTime", "includeRefunds"])
    )
    if (!q.ok) return q.response
    const { items, totalElementCount } = page(pr.value.payments, q.data)
    return {
      status: 200,
      json: { payments: items.map((p) => paymentJson(p, q.data.includeRefunds)), totalElementCount },
    }
  }
}
