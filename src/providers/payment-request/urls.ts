/** Where Tikkie posts payment request notifications: a /hooks route needs no publishable key. */
export function paymentRequestNotificationUrl(storeUrl: string): string {
  return `${storeUrl}/hooks/tikkie/payment-requests`
}

/**
 * The return route for a checkout link. Tikkie's payment page has no redirect back (payment requests
 * v2 take no redirect URL), so the storefront sends the shopper here when they come back ("I have
 * paid"): the payment is settled at once instead of waiting for the notification or the poll.
 */
export function paymentRequestReturnUrl(storeUrl: string, sessionId: string): string {
  return `${storeUrl}/hooks/tikkie/payment-requests/return?session_id=${encodeURIComponent(sessionId)}`
}
