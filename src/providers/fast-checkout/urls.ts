/** Where Tikkie sends the webhook: a /hooks route needs no publishable key; `key` from webhook-key.ts. */
export function fastCheckoutWebhookUrl(storeUrl: string, key?: string): string {
  return `${storeUrl}/hooks/tikkie/fast-checkout${key ? `?key=${key}` : ""}`
}

/** Where the checkout page sends the shopper back; the session id says which checkout this was. */
export function fastCheckoutReturnUrl(storeUrl: string, sessionId: string): string {
  return `${storeUrl}/hooks/tikkie/fast-checkout/return?session_id=${encodeURIComponent(sessionId)}`
}
