export const FAST_CHECKOUT_WEBHOOK_EVENT = "tikkie.fast_checkout.webhook_received"

export interface FastCheckoutWebhookEventData {
  order_token: string
  reference_id: string
  status: string
  /** Put off to the end of the per-order read interval (webhook-read-claim.ts). */
  deferred?: boolean
  /** A webhook with its order's key (webhook-key.ts), enqueued before any claim: the job claims. */
  unclaimed?: boolean
  /** A later read that found it unpaid answers this claim too. */
  claimed_at?: string
  retry?: number
  /** W3C traceparent of the span that handed it over. */
  traceparent?: string
}

export function fastCheckoutEventKey(orderToken: string, status: string): string {
  return `tikkie-fast-checkout-${orderToken}-${status}`
}

/** Apart from the claimed reads' jobs: folding into one would drop the read its claim stands for. */
export function fastCheckoutUnclaimedEventKey(orderToken: string, status: string): string {
  return `tikkie-fast-checkout-${orderToken}-${status}-unclaimed`
}

export function fastCheckoutDeferredEventKey(orderToken: string): string {
  return `tikkie-fast-checkout-${orderToken}-deferred`
}

export const PAYMENT_REQUEST_NOTIFICATION_EVENT = "tikkie.payment_request.notification_received"

export interface PaymentRequestNotificationEventData {
  provider_id: string
  notification_type: "PAYMENT" | "REFUND"
  payment_request_token: string
  payment_token?: string
  retry?: number
  traceparent?: string
}

/** Per request and what the notification names (`PAYMENT-…`, `REFUND-…`) or who handed it over. */
export function paymentRequestEventKey(paymentRequestToken: string, about: string): string {
  return `tikkie-payment-request-${paymentRequestToken}-${about}`
}
