import { PaymentRequestsClient } from "../../src"

const apiKey = process.env.TIKKIE_API_KEY!
const baseUrl = process.env.TIKKIE_BASE_URL!
const shopUrl = process.env.SHOP_URL! // where the shop receives notifications

/** Sandbox only: an app token for this API key (on the live service it comes from the Tikkie Business Portal). */
export async function sandboxAppToken(): Promise<string> {
  const setup = new PaymentRequestsClient({ apiKey, baseUrl })
  try {
    return (await setup.createSandboxApp()).appToken
  } finally {
    await setup.close()
  }
}

/** A payment link for an order; the payer pays at `url`. */
export async function requestPayment(appToken: string, orderId: string, amountInCents: number) {
  const tikkie = new PaymentRequestsClient({ apiKey, appToken, baseUrl })
  try {
    const { url, paymentRequestToken } = await tikkie.createPaymentRequest({
      description: `Order ${orderId}`,
      amountInCents, // leave out for an open amount (the payer chooses)
      referenceId: orderId,
    })
    await tikkie.subscribeNotifications(`${shopUrl}/hooks/tikkie`) // one per app: replaces any earlier one
    return { url, paymentRequestToken }
  } finally {
    await tikkie.close()
  }
}

/** What was paid today, and a refund of the first payment of one request. */
export async function paidToday(appToken: string, refundFrom: string) {
  const tikkie = new PaymentRequestsClient({ apiKey, appToken, baseUrl })
  try {
    const midnight = new Date()
    midnight.setHours(0, 0, 0, 0)
    let paidInCents = 0
    // Iterators page through the lists (50 at a time, newest first) and skip repeats between pages.
    for await (const request of tikkie.paymentRequests({ fromDateTime: midnight })) {
      paidInCents += request.totalAmountPaidInCents ?? 0
    }
    for await (const payment of tikkie.payments(refundFrom)) {
      // With the check, refunds above the amount paid plus 25 euro are refused before anything is sent.
      const refundedInCents = (payment.refunds ?? []).reduce((sum, r) => sum + r.amountInCents, 0)
      const refund = await tikkie.createRefund(
        refundFrom,
        payment.paymentToken,
        { amountInCents: payment.amountInCents - refundedInCents, description: "Returned" },
        { paidInCents: payment.amountInCents, refundedInCents }
      )
      return { paidInCents, refund }
    }
    return { paidInCents, refund: undefined }
  } finally {
    await tikkie.close()
  }
}
