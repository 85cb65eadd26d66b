import { z } from "zod"
import type { SandboxContext } from "../context"
import { withBody } from "../control"
import { error } from "../http-kit"
import type { Handler } from "../router"
import { notify } from "./notify"
import { recordPayment } from "./record-payment"
import type { PaymentRequestsV2State } from "./state"
import { paymentJson, paymentRequestJson, refundJson } from "./views"

/** The sandbox controls of payment requests v2 (documented in index.ts). */

const PayBody = z.strictObject({
  amountInCents: z.unknown().optional(),
  counterPartyName: z.unknown().optional(),
  secondDevice: z.boolean().optional(),
})

/** A payer pays, as on the payment page: 201 with the payment, and a PAYMENT notification. */
export function payPaymentRequest(ctx: SandboxContext, state: PaymentRequestsV2State): Handler {
  return (req) =>
    withBody(req, PayBody, (b) => {
      const pr = state.paymentRequests.get(req.params.paymentRequestToken)
      if (!pr) return error(req.traceId, 404, "PAYMENT_REQUEST_NOT_FOUND", "no such payment request")
      const outcome = recordPayment(ctx, state, pr, b)
      if (!outcome.ok) return error(req.traceId, outcome.status, outcome.code, outcome.reason)
      return { status: 201, json: paymentJson(outcome.payment) }
    })
}

/** Closes a request (status CLOSED), which the public API cannot do. */
export function closePaymentRequest(ctx: SandboxContext, state: PaymentRequestsV2State): Handler {
  return (req) => {
    const pr = state.paymentRequests.get(req.params.paymentRequestToken)
    if (!pr) return error(req.traceId, 404, "PAYMENT_REQUEST_NOT_FOUND", "no such payment request")
    pr.closed = true
    return { status: 200, json: paymentRequestJson(pr, ctx.now(), req.baseUrl, true) }
  }
}

/**
 * The bank paid a refund out: PENDING becomes PAID and a REFUND notification goes out. Paying a PAID
 * refund again answers it unchanged and sends nothing, so a retried control call is harmless.
 */
export function payRefund(ctx: SandboxContext, state: PaymentRequestsV2State): Handler {
  return (req) => {
    const found = state.refunds.get(req.params.refundToken)
    if (!found) return error(req.traceId, 404, "REFUND_NOT_FOUND", "no such refund")
    if (found.refund.status === "PENDING") {
      found.refund.status = "PAID"
      notify(ctx, state, found.paymentRequest.appToken, {
        notificationType: "REFUND",
        paymentRequestToken: found.paymentRequest.paymentRequestToken,
        paymentToken: found.payment.paymentToken,
        refundToken: found.refund.refundToken,
      })
    }
    return { status: 200, json: refundJson(found.refund) }
  }
}

export function setAppDisabled(state: PaymentRequestsV2State, disabled: boolean): Handler {
  return (req) => {
    const app = state.apps.get(req.params.appToken.toLowerCase())
    if (!app) return error(req.traceId, 404, "APP_NOT_FOUND", "no such app")
    app.disabled = disabled
    return { status: 200, json: { appToken: app.appToken, disabled: app.disabled } }
  }
}

/** Every request of every app (or of ?appToken=), newest first, with payments and refunds. */
export function listAll(ctx: SandboxContext, state: PaymentRequestsV2State): Handler {
  return (req) => {
    const appToken = req.query.get("appToken")?.toLowerCase()
    const now = ctx.now()
    const all = [...state.paymentRequests.values()]
      .filter((pr) => !appToken || pr.appToken === appToken)
      .reverse()
      .map((pr) => ({
        ...paymentRequestJson(pr, now, req.baseUrl, true),
        appToken: pr.appToken,
        payments: [...pr.payments].reverse().map((p) => paymentJson(p)),
      }))
    return { status: 200, json: { paymentRequests: all } }
  }
}
