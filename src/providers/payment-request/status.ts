import { PaymentSessionStatus } from "@medusajs/framework/utils"
import type { PaymentRequestStatusV2 } from "tikkie-client/payment-requests/v2"

/**
 * Paid in full is captured (no separate capture); otherwise OPEN is pending, CLOSED and EXPIRED canceled,
 * and a max-reached status an error (paid, but not the amount asked).
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
