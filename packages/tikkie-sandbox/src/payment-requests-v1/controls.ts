import { z } from "zod"
import { V1_ERRORS } from "tikkie-client/payment-requests/v1/codes"
import { amountInCentsField } from "tikkie-client/payment-requests/v1/schemas"
import type { SandboxContext } from "../context"
import { error, errorResponse } from "../http-kit"
import type { Handler } from "../router"
import { makePayment } from "./make-payment"
import { parseBody } from "./parse-input"
import { clientFingerprint, type V1Store } from "./state"
import { paymentRequestStatus } from "./status"
import { paymentRequestView, paymentView, platformView, userView } from "./views"

const PayBody = z.strictObject({
  amountInCents: amountInCentsField.transform(Number).optional(),
  counterPartyName: z.string().max(70).optional(),
  onlinePaymentStatus: z.enum(["PAID", "NOT_PAID"]).default("PAID"),
  secondDevice: z.boolean().optional(),
})

/** POST /_sandbox/v1/paymentrequests/:paymentRequestToken/pay: what a payer does on the payment page. */
export function payControl(ctx: SandboxContext, store: V1Store): Handler {
  return (req) => {
    const pr = store.paymentRequests.get(req.params.paymentRequestToken)
    if (!pr)
      return error(req.traceId, 400, V1_ERRORS.PAYMENT_REQUEST_NOT_FOUND, "payment request not found or does not exist")
    const body = parseBody(req, PayBody)
    if (!body.ok) return body.response
    const outcome = makePayment(ctx, store, pr, body.data)
    if (!outcome.ok) {
      return errorResponse(req.traceId, {
        code: outcome.code,
        message: outcome.message,
        status: 400,
        category: "BAD_REQUEST",
      })
    }
    return {
      status: 201,
      json: { payment: paymentView(outcome.payment), paymentRequest: paymentRequestView(pr, ctx.now()) },
    }
  }
}

/** POST /_sandbox/v1/paymentrequests/:paymentRequestToken/close: the business closes an OPEN request. */
export function closeControl(ctx: SandboxContext, store: V1Store): Handler {
  return (req) => {
    const pr = store.paymentRequests.get(req.params.paymentRequestToken)
    if (!pr)
      return error(req.traceId, 400, V1_ERRORS.PAYMENT_REQUEST_NOT_FOUND, "payment request not found or does not exist")
    const status = paymentRequestStatus(pr, ctx.now())
    if (status !== "OPEN") {
      return error(
        req.traceId,
        400,
        V1_ERRORS.SEE_MESSAGE,
        `only an OPEN payment request can be closed; this one is ${status}`
      )
    }
    pr.closedAt = ctx.now()
    return { status: 200, json: paymentRequestView(pr, ctx.now()) }
  }
}

/**
 * GET /_sandbox/v1/platforms: everything, for a developer looking around. API keys are shown only as a
 * fingerprint, and every payment (NOT_PAID too) is listed, unlike the service's own reads.
 */
export function listAllControl(ctx: SandboxContext, store: V1Store): Handler {
  return () => {
    const now = ctx.now()
    return {
      status: 200,
      json: {
        platforms: store.allPlatforms().map((p) => ({
          client: clientFingerprint(p.client),
          ...platformView(p),
          users: p.users.map((u) => ({
            ...userView(u),
            phoneNumber: u.phoneNumber,
            paymentRequests: u.paymentRequests.map((pr) => ({
              ...paymentRequestView(pr, now),
              bankAccountToken: pr.bankAccountToken,
              payments: pr.payments.map(paymentView),
            })),
          })),
        })),
      },
    }
  }
}
