import { FastCheckoutClient, TikkieError } from "../../src"

const shopUrl = process.env.SHOP_URL! // your store's public address

export const fastCheckout = new FastCheckoutClient({
  apiKey: process.env.TIKKIE_API_KEY!,
  merchantToken: process.env.TIKKIE_MERCHANT_TOKEN!,
  baseUrl: process.env.TIKKIE_BASE_URL!, // the sandbox (http://127.0.0.1:4010) or the service's address
  product: "pay", // path segment: "pay" as ABN AMRO's API reference writes it, or "tikkie" as the live service uses
})

/** Starts a checkout: send the shopper to `checkoutUrl`, keep `orderToken` (it cannot be read back). */
export async function startCheckout(cartId: string) {
  try {
    const { checkoutUrl, orderToken } = await fastCheckout.createOrder({
      referenceId: cartId,
      currency: "EUR",
      shippingCostsInCents: 495,
      expiration: 900, // seconds
      redirectUrl: `${shopUrl}/return`, // where the shopper lands after paying or cancelling
      notificationUrl: `${shopUrl}/hooks/tikkie`, // optional webhook: a hint, read the order
      items: [{ itemName: "Stroopwafels", priceInCents: 1299, quantity: 2 }],
    })
    return { checkoutUrl, orderToken }
  } catch (e) {
    if (e instanceof TikkieError) console.error(e.code, e.status, e.traceId, e.message) // never contains a key
    throw e
  }
}

/** On the return or the webhook: read the order (PAID carries the payer and address). */
export async function orderStatus(orderToken: string) {
  const order = await fastCheckout.getOrder(orderToken) // at most 250 reads per second, limited here
  return { status: order.status, payer: order.payer }
}
