/** Where Tikkie posts payment request notifications: a /hooks route needs no publishable key. */
export function paymentRequestNotificationUrl(storeUrl: string): string {
  return `${storeUrl}/hooks/tikkie/payment-requests`
}
