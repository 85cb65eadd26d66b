import { PaymentRequestsV1Client } from "../../src"

/**
 * Legacy v1: a bearer token with scope `pay` on every call. `getAccessToken` returns a live one (from
 * your OAuth flow; the local sandbox issues one at POST /_sandbox/oauth/tokens {"scope": "pay"}); the
 * client calls it before every attempt, so a refreshed token is used without a new client.
 */
export async function requestPaymentV1(getAccessToken: () => Promise<string>) {
  const v1 = new PaymentRequestsV1Client({
    apiKey: process.env.TIKKIE_API_KEY!,
    accessToken: getAccessToken,
    baseUrl: process.env.TIKKIE_BASE_URL!,
  })
  try {
    // Once: a platform, and a user with the Dutch bank account the money goes to.
    const platform = await v1.createPlatform({
      name: "Stroopwafel Shop",
      phoneNumber: "020 123 4567",
      platformUsage: "PAYMENT_REQUEST_FOR_MYSELF",
    })
    const user = await v1.createUser(platform.platformToken, {
      name: "Stroopwafel Shop",
      phoneNumber: "0612345678",
      iban: "NL91 ABNA 0417 1643 00",
      bankAccountLabel: "Shop account",
    })
    const { bankAccountToken } = user.bankAccounts[0]

    // Per order: amountInCents is a string of digits in v1; leave it out for an open amount.
    const created = await v1.createPaymentRequest(platform.platformToken, user.userToken, bankAccountToken, {
      amountInCents: "2598",
      currency: "EUR",
      description: "Order 1042",
      externalId: "order_1042",
    })

    // Later: one request with its PAID payments, or all of the user's, newest first, page by page.
    const request = await v1.getPaymentRequest(platform.platformToken, user.userToken, created.paymentRequestToken)
    const open: string[] = []
    for await (const pr of v1.paymentRequests(platform.platformToken, user.userToken)) {
      if (pr.status === "OPEN") open.push(pr.paymentRequestToken)
    }
    const paidInCents = request.payments.reduce((sum, p) => sum + (p.amountInCents ?? 0), 0)
    return { paymentRequestUrl: created.paymentRequestUrl, status: request.status, paidInCents, open }
  } finally {
    await v1.close()
  }
}
