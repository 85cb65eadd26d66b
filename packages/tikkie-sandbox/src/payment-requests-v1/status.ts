import { SANDBOX_MAX_YIELD_IN_CENTS } from "tikkie-client/payment-requests/v1/limits"
import type { PaymentRequestStatus } from "tikkie-client/payment-requests/v1/schemas"
import type { V1PaymentRequest } from "./state"

/**
 * Status of a v1 payment request at sandbox time `now`. The payment request specification names the states but not the
 * transitions; the sandbox's choices:
 * - created OPEN;
 * - fixed amount: the maximum number of successful payments is one, so the first PAID payment moves it
 *   to MAX_SUCCESSFUL_PAYMENTS_REACHED (not CLOSED);
 * - open amount: unlimited payments; when the paid total reaches SANDBOX_MAX_YIELD_IN_CENTS (the
 *   "agreed maximum") it is MAX_YIELD_REACHED;
 * - CLOSED only through the sandbox control `.../close` (the business closing it in its app; v1 has no
 *   close operation);
 * - EXPIRED from 14 days after creation (at exactly created + 14 days) while still OPEN. The three other
 *   end states are final and stay as they are after that moment.
 * A NOT_PAID payment changes nothing.
 */
export function paymentRequestStatus(pr: V1PaymentRequest, now: number): PaymentRequestStatus {
  if (pr.closedAt !== undefined) return "CLOSED"
  const paid = paidPayments(pr)
  if (pr.amountInCents !== null && paid.length >= 1) return "MAX_SUCCESSFUL_PAYMENTS_REACHED"
  if (pr.amountInCents === null && paidTotalInCents(pr) >= SANDBOX_MAX_YIELD_IN_CENTS) return "MAX_YIELD_REACHED"
  if (now >= pr.expiresAt) return "EXPIRED"
  return "OPEN"
}

export function paidPayments(pr: V1PaymentRequest) {
  return pr.payments.filter((p) => p.onlinePaymentStatus === "PAID")
}

export function paidTotalInCents(pr: V1PaymentRequest): number {
  return paidPayments(pr).reduce((sum, p) => sum + p.amountInCents, 0)
}
