/** Where Tikkie sends the webhook: a /hooks route needs no publishable key. */
export function fastCheckoutWebhookUrl(storeUrl: string): string {
  return `${storeUrl}/hooks/tikkie/fast-checkout`
}

/** Where the checkout page sends the shopper back; the session id says which checkout this was. */
export function fastCheckoutReturnUrl(storeUrl: string, sessionId: string): string {
  return `${storeUrl}/hooks/tikkie/fast-checkout/return?session_id=${encodeURIComponent(sessionId)}`
}
