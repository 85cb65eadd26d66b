import { PaymentSessionStatus } from "@medusajs/framework/utils"
import type { PaymentRequestStatusV2 } from "tikkie-client/payment-requests/v2"

/**
 * Payment request status (v2) → Medusa session status, for a request made for one fixed amount:
 *
 * | Tikkie | paid in full? | session status |
 * |---|---|---|
 * | any | yes | captured (a Tikkie payment is money received: no separate capture) |
 * | OPEN | no | pending |
 * | CLOSED, EXPIRED | no | canceled (this link cannot be paid any more; the cart may try again) |
 * | MAX_YIELD_REACHED, MAX_SUCCESSFUL_PAYMENTS_REACHED | no | error (paid, but not the amount asked) |
 */
export function sessionStatus(status: PaymentRequestStatusV2, paidInFull: boolean): PaymentSessionStatus {
  if (paidInFull) return PaymentSessionStatus.CAPTURED
  switch (status) {
    case "OPEN":
      return PaymentSessionStatus.PENDING
    case "CLOSED":
    case "EXPIRED":
      return PaymentSessionStatus.CANCELED
    default:
      return PaymentSessionStatus.ERROR
  }
}
