import { ListPaymentRequestsQuery } from "tikkie-client/payment-requests/v1/schemas"
import type { SandboxContext } from "../context"
import type { Handler } from "../router"
import { authorize } from "./auth"
import { findUser } from "./lookup"
import { parseWith, queryObject } from "./parse-input"
import type { V1Store } from "./state"
import { paymentRequestView } from "./views"

/**
 * Operation 6. Choices: newest first (by creation time, later-created first on a tie); fromDate and
 * toDate are exclusive ("created after", "created before"); totalElements counts every request matching
 * the date filters, not just the page; an offset past the end answers an empty page.
 */
export function listPaymentRequests(ctx: SandboxContext, store: V1Store): Handler {
  return (req) => {
    const auth = authorize(ctx, req)
    if (!auth.ok) return auth.response
    const q = parseWith(req, ListPaymentRequestsQuery, queryObject(req, ["offset", "limit", "fromDate", "toDate"]))
    if (!q.ok) return q.response
    const found = findUser(store, req.traceId, auth.client, req.params.platformToken, req.params.userToken)
    if (!found.ok) return found.response
    const from = q.data.fromDate === undefined ? -Infinity : Date.parse(q.data.fromDate)
    const to = q.data.toDate === undefined ? Infinity : Date.parse(q.data.toDate)
    const matching = found.value.user.paymentRequests
      .filter((pr) => pr.createdAt > from && pr.createdAt < to)
      .reverse()
      .sort((a, b) => b.createdAt - a.createdAt)
    const now = ctx.now()
    return {
      status: 200,
      json: {
        paymentRequests: matching
          .slice(q.data.offset, q.data.offset + q.data.limit)
          .map((pr) => paymentRequestView(pr, now)),
        totalElements: matching.length,
      },
    }
  }
}
