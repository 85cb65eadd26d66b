/** The plugin's own events: the hook routes emit them, the subscribers settle on them. */

export const FAST_CHECKOUT_WEBHOOK_EVENT = "tikkie.fast_checkout.webhook_received"

export interface FastCheckoutWebhookEventData {
  order_token: string
  reference_id: string
  status: string
  /** A read the per-order read interval put off to its end (webhook-read-claim.ts). */
  deferred?: boolean
  /** When the webhook's read was claimed (ISO): a later read that found it unpaid answers it too. */
  claimed_at?: string
  /** The how-manyth try after a lost database connection (retry-soon.ts). */
  retry?: number
  /** W3C traceparent of the span that handed it over (settlement-span.ts links to it). */
  traceparent?: string
}

export function fastCheckoutEventKey(orderToken: string, status: string): string {
  return `tikkie-fast-checkout-${orderToken}-${status}`
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

/**
 * A payment request settlement's job key: per request and what the notification names (`PAYMENT-…`,
 * `REFUND-…`), or who handed it over (`RETURN`, `CHECKOUT`).
 */
export function paymentRequestEventKey(paymentRequestToken: string, about: string): string {
  return `tikkie-payment-request-${paymentRequestToken}-${about}`
}
