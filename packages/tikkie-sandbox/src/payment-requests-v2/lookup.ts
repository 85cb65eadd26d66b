import {
  PaymentRequestTokenSchema,
  PaymentTokenSchema,
  RefundTokenSchema,
} from "tikkie-client/payment-requests/v2/schemas"
import type { SandboxRequest, SandboxResponse } from "../http-kit"
import { fail, parseWith } from "./http"
import type { PaymentRequestsV2State, StoredPayment, StoredPaymentRequest, StoredRefund } from "./state"

export type Found<T> = { ok: true; value: T } | { ok: false; response: SandboxResponse }

const TOKEN_SCHEMAS = {
  paymentRequestToken: PaymentRequestTokenSchema,
  paymentToken: PaymentTokenSchema,
  refundToken: RefundTokenSchema,
} as const

/** Every path token is checked for form (*_TOKEN_INVALID, 400), in path order, before anything is looked up. */
function tokensWellFormed(
  req: SandboxRequest,
  names: ReadonlyArray<keyof typeof TOKEN_SCHEMAS>
): SandboxResponse | undefined {
  for (const name of names) {
    const parsed = parseWith(req, TOKEN_SCHEMAS[name], req.params[name])
    if (!parsed.ok) return parsed.response
  }
  return undefined
}

/**
 * A request of another app answers PAYMENT_REQUEST_NOT_FOUND, not PAYMENT_REQUEST_FORBIDDEN: an app
 * must not learn that a token exists elsewhere.
 */
export function findPaymentRequest(
  req: SandboxRequest,
  state: PaymentRequestsV2State,
  appToken: string
): Found<StoredPaymentRequest> {
  const bad = tokensWellFormed(req, ["paymentRequestToken"])
  if (bad) return { ok: false, response: bad }
  return lookupPaymentRequest(req, state, appToken)
}

export function findPayment(
  req: SandboxRequest,
  state: PaymentRequestsV2State,
  appToken: string
): Found<{ paymentRequest: StoredPaymentRequest; payment: StoredPayment }> {
  const bad = tokensWellFormed(req, ["paymentRequestToken", "paymentToken"])
  if (bad) return { ok: false, response: bad }
  return lookupPayment(req, state, appToken)
}

export function findRefund(
  req: SandboxRequest,
  state: PaymentRequestsV2State,
  appToken: string
): Found<{ paymentRequest: StoredPaymentRequest; payment: StoredPayment; refund: StoredRefund }> {
  const bad = tokensWellFormed(req, ["paymentRequestToken", "paymentToken", "refundToken"])
  if (bad) return { ok: false, response: bad }
  const found = lookupPayment(req, state, appToken)
  if (!found.ok) return found
  const refund = found.value.payment.refunds.find((r) => r.refundToken === req.params.refundToken)
  if (!refund) return { ok: false, response: fail(req, "REFUND_NOT_FOUND", "no such refund of this payment") }
  return { ok: true, value: { ...found.value, refund } }
}

function lookupPaymentRequest(
  req: SandboxRequest,
  state: PaymentRequestsV2State,
  appToken: string
): Found<StoredPaymentRequest> {
  const pr = state.ownPaymentRequest(appToken, req.params.paymentRequestToken)
  if (!pr) return { ok: false, response: fail(req, "PAYMENT_REQUEST_NOT_FOUND", "no such payment request") }
  return { ok: true, value: pr }
}

function lookupPayment(
  req: SandboxRequest,
  state: PaymentRequestsV2State,
  appToken: string
): Found<{ paymentRequest: StoredPaymentRequest; payment: StoredPayment }> {
  const pr = lookupPaymentRequest(req, state, appToken)
  if (!pr.ok) return pr
  const payment = pr.value.payments.find((p) => p.paymentToken === req.params.paymentToken)
  if (!payment)
    return { ok: false, response: fail(req, "PAYMENT_NOT_FOUND", "no such payment of this payment request") }
  return { ok: true, value: { paymentRequest: pr.value, payment } }
}
