import { PaymentActions, PaymentSessionStatus } from "@medusajs/framework/utils"
import type { FastCheckoutStatus } from "tikkie-client/fast-checkout"

/**
 * Fast Checkout order status → Medusa. Fast Checkout has no separate authorization: an order is either
 * paid (captured) or not. CANCELLED and EXPIRED end this attempt but not the cart: the shopper may try
 * again with a new session. ERROR is the service's own failure of the order.
 *
 * | Fast Checkout | session status | webhook action |
 * |---|---|---|
 * | NEW | pending | pending |
 * | PAID | captured | captured |
 * | CANCELLED | canceled | canceled |
 * | EXPIRED | canceled | canceled |
 * | ERROR | error | failed |
 */
export const SESSION_STATUS: Record<FastCheckoutStatus, PaymentSessionStatus> = {
  NEW: PaymentSessionStatus.PENDING,
  PAID: PaymentSessionStatus.CAPTURED,
  CANCELLED: PaymentSessionStatus.CANCELED,
  EXPIRED: PaymentSessionStatus.CANCELED,
  ERROR: PaymentSessionStatus.ERROR,
}

export const WEBHOOK_ACTION: Record<FastCheckoutStatus, PaymentActions> = {
  NEW: PaymentActions.PENDING,
  PAID: PaymentActions.SUCCESSFUL,
  CANCELLED: PaymentActions.CANCELED,
  EXPIRED: PaymentActions.CANCELED,
  ERROR: PaymentActions.FAILED,
}
