/**
 * The plugin's own events, in one place: the hook routes emit them, the subscribers settle on them.
 * (Subscribers used to import these names from the route files, which pulled route code into workers.)
 */

/** A Fast Checkout webhook named an order of this store that is not settled yet. Data: {@link FastCheckoutWebhookEventData}. */
export const FAST_CHECKOUT_WEBHOOK_EVENT = "tikkie.fast_checkout.webhook_received"

export interface FastCheckoutWebhookEventData {
  order_token: string
  reference_id: string
  status: string
  /**
   * The read a webhook skipped by the per-order read interval scheduled for the interval's end
   * (fast-checkout/webhook-read-claim.ts): the subscriber reads only if no webhook claimed a read since.
   */
  deferred?: boolean
  /**
   * When the webhook's read was claimed (ISO time): a read of the order that started later and found it
   * unpaid answers this webhook too, so its settlement does not read again (settleFastCheckoutOrder).
   */
  claimed_at?: string
  /** A settlement that lost its database connection, run again (retry-soon.ts): which try this is. */
  retry?: number
}

/** The event-bus job key of a Fast Checkout settlement in flight: one per orderToken and reported status. */
export function fastCheckoutEventKey(orderToken: string, status: string): string {
  return `tikkie-fast-checkout-${orderToken}-${status}`
}

/** The event-bus job key of the one read scheduled for the end of an order's webhook read interval. */
export function fastCheckoutDeferredEventKey(orderToken: string): string {
  return `tikkie-fast-checkout-${orderToken}-deferred`
}

/** A payment request notification named a request of this store with news. Data: {@link PaymentRequestNotificationEventData}. */
export const PAYMENT_REQUEST_NOTIFICATION_EVENT = "tikkie.payment_request.notification_received"

export interface PaymentRequestNotificationEventData {
  provider_id: string
  notification_type: "PAYMENT" | "REFUND"
  payment_request_token: string
  /** Absent when the return route or the checkout guard handed its settlement over (there is no notification). */
  payment_token?: string
  /** A settlement that lost its database connection, run again (retry-soon.ts): which try this is. */
  retry?: number
}

/**
 * The event-bus job key of a payment request settlement in flight: one per request and what the
 * notification names (`PAYMENT-{paymentToken}`, `REFUND-{refundToken}`), or who handed it over without
 * one (`RETURN`: the return route; `CHECKOUT`: the earlier-payments guard, settle-earlier-payments.ts).
 */
export function paymentRequestEventKey(paymentRequestToken: string, about: string): string {
  return `tikkie-payment-request-${paymentRequestToken}-${about}`
}
