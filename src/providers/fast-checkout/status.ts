import { PaymentSessionStatus } from "@medusajs/framework/utils"
import type { FastCheckoutStatus } from "tikkie-client/fast-checkout"

/**
 * Fast Checkout order status → Medusa. Fast Checkout has no separate authorization: an order is either
 * paid (captured) or not. CANCELLED and EXPIRED end this attempt but not the cart: the shopper may try
 * again with a new session. ERROR is the service's own failure of the order.
 *
 * | Fast Checkout | session status |
 * |---|---|
 * | NEW | pending |
 * | PAID | captured |
 * | CANCELLED | canceled |
 * | EXPIRED | canceled |
 * | ERROR | error |
 */
export const SESSION_STATUS: Record<FastCheckoutStatus, PaymentSessionStatus> = {
  NEW: PaymentSessionStatus.PENDING,
  PAID: PaymentSessionStatus.CAPTURED,
  CANCELLED: PaymentSessionStatus.CANCELED,
  EXPIRED: PaymentSessionStatus.CANCELED,
  ERROR: PaymentSessionStatus.ERROR,
}
