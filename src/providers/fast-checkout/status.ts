import { PaymentSessionStatus } from "@medusajs/framework/utils"
import type { FastCheckoutStatus } from "tikkie-client/fast-checkout"

/** No separate authorization: PAID is captured; CANCELLED and EXPIRED end this attempt, not the cart. */
export const SESSION_STATUS: Record<FastCheckoutStatus, PaymentSessionStatus> = {
  NEW: PaymentSessionStatus.PENDING,
  PAID: PaymentSessionStatus.CAPTURED,
  CANCELLED: PaymentSessionStatus.CANCELED,
  EXPIRED: PaymentSessionStatus.CANCELED,
  ERROR: PaymentSessionStatus.ERROR,
}
