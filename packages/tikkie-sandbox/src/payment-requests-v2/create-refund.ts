import { refundTooHigh, REFUND_ALLOWANCE_IN_CENTS } from "tikkie-client/payment-requests/v2/rules"
import { CreateRefundBodySchema } from "tikkie-client/payment-requests/v2/schemas"
import type { SandboxContext } from "../context"
import type { Handler } from "../router"
import { requireApp } from "./auth"
import { fail, parseWith } from "./http"
import { findPayment } from "./lookup"
import { newToken, type PaymentRequestsV2State, type StoredRefund } from "./state"
import { refundJson } from "./views"

/**
 * POST .../payments/{paymentToken}/refunds: answers 201 with a PENDING refund. All refunds of the
 * payment together (pending and paid alike, since a pending one will be paid) may not exceed the amount
 * paid plus 25.00 euro: REFUND_AMOUNT_IS_TOO_HIGH. A refund stays PENDING until
 * POST /_sandbox/refunds/{refundToken}/pay: no timer pays it, so tests decide when it happens.
 */
export function createRefund(ctx: SandboxContext, state: PaymentRequestsV2State): Handler {
  return (req) => {
    const caller = requireApp(req, state)
    if (!caller.ok) return caller.response
    const found = findPayment(req, state, caller.app.appToken)
    if (!found.ok) return found.response
    const body = parseWith(req, CreateRefundBodySchema, req.body)
    if (!body.ok) return body.response
    const { payment, paymentRequest } = found.value
    const refunded = payment.refunds.reduce((sum, r) => sum + r.amountInCents, 0)
    if (refundTooHigh(payment.amountInCents, refunded, body.data.amountInCents)) {
      return fail(
        req,
        "REFUND_AMOUNT_IS_TOO_HIGH",
        `refunds of this payment may total at most the amount paid plus ${REFUND_ALLOWANCE_IN_CENTS} cents; ` +
          `${payment.amountInCents + REFUND_ALLOWANCE_IN_CENTS - refunded} cents are left`
      )
    }
    const refund: StoredRefund = {
      refundToken: newToken(),
      amountInCents: body.data.amountInCents,
      description: body.data.description,
      referenceId: body.data.referenceId,
      createdAt: ctx.now(),
      status: "PENDING",
    }
    payment.refunds.push(refund)
    state.refunds.set(refund.refundToken, { refund, payment, paymentRequest })
    return { status: 201, json: refundJson(refund) }
  }
}
