import { PAYMENT_REQUEST_MAX_AMOUNT_IN_CENTS } from "tikkie-client/payment-requests/v2/rules"
import type { PaymentRequestStatus } from "tikkie-client/payment-requests/v2/schemas"
import type { StoredPaymentRequest } from "./state"

/**
 * The status of a request at sandbox time `now`, derived rather than stored so moving the clock is
 * enough to expire a request.
 * - CLOSED: closed through the sandbox control (the public API has no close operation).
 * - MAX_SUCCESSFUL_PAYMENTS_REACHED: a fixed-amount request after its one payment.
 * - MAX_YIELD_REACHED: an open-amount request whose payments reached PAYMENT_REQUEST_MAX_AMOUNT_IN_CENTS.
 * - EXPIRED: still open when its expiryDate ended (midnight Europe/Amsterdam). A request that was
 *   paid or closed keeps that status after its expiry date: the outcome matters more than the date.
 */
export function paymentRequestStatus(pr: StoredPaymentRequest, now: number): PaymentRequestStatus {
  if (pr.closed) return "CLOSED"
  if (pr.amountInCents !== undefined && pr.payments.length >= 1) return "MAX_SUCCESSFUL_PAYMENTS_REACHED"
  if (pr.amountInCents === undefined && totalPaidInCents(pr) >= PAYMENT_REQUEST_MAX_AMOUNT_IN_CENTS) {
    return "MAX_YIELD_REACHED"
  }
  if (now >= pr.expiresAt) return "EXPIRED"
  return "OPEN"
}

export function totalPaidInCents(pr: StoredPaymentRequest): number {
  return pr.payments.reduce((sum, p) => sum + p.amountInCents, 0)
}

/** Why a person cannot pay, in words for the payment page. */
export function unpayableReason(status: PaymentRequestStatus): string {
  switch (status) {
    case "EXPIRED":
      return "This payment request has expired."
    case "MAX_SUCCESSFUL_PAYMENTS_REACHED":
      return "This payment request has already been paid."
    case "MAX_YIELD_REACHED":
      return "This payment request has reached its maximum amount."
    case "CLOSED":
      return "This payment request has been closed."
    default:
      return ""
  }
}
