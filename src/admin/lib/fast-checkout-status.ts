/** Tikkie's Fast Checkout statuses as Medusa's badge colours; their words are the texts `fastCheckoutStatus.*`. */
export const FAST_CHECKOUT_COLORS = {
  NEW: "orange",
  PAID: "green",
  CANCELLED: "grey",
  EXPIRED: "grey",
  ERROR: "red",
} as const
export type FastCheckoutStatus = keyof typeof FAST_CHECKOUT_COLORS

export const isFastCheckoutStatus = (status: string | undefined | null): status is FastCheckoutStatus =>
  !!status && Object.prototype.hasOwnProperty.call(FAST_CHECKOUT_COLORS, status)
