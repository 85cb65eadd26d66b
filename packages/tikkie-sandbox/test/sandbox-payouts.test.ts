import { FastCheckoutClient, PaymentRequestsClient, PaymentRequestsV1Client } from "tikkie-client"
import { startSandbox, type RunningSandbox } from "../src"
import { SandboxControl } from "../src/control-client"
import {
  aisHeaders,
  ALL_AIS_SCOPES,
  EMPTY_ACCOUNT,
  mintToken,
  raw,
} from "../../tikkie-client/test/account-information/support"

/**
 * `POST /_sandbox/accounts/{accountNumber}/payouts`: the sandbox pays out what it took (Fast Checkout
 * orders, payment request payments of v2 and v1) to an account, one credit per payment with the payout
 * lines the plugin's reconciliation reads, and never the same payment twice. Driven through the public
 * clients and a raw HTTP client for the control.
 */
describe("the sandbox's payouts control", () => {
  let sandbox: RunningSandbox
  let control: SandboxControl
  const apiKey = "payouts-test-api-key"
  const payouts = (account: string, body: unknown = {}) =>
    raw(`${sandbox.url}/_sandbox/accounts/${account}/payouts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    })

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 })
    control = new SandboxControl(sandbox.url)
  })
  afterAll(async () => {
    await control.close()
    await sandbox.close()
  })

  it("books one credit per paid payment of each service, from Stichting Tikkie, with TIKKIE <SOURCE> and the reference; a second call books none", async () => {
    // Fast Checkout: one order paid, one left open.
    const setup = new FastCheckoutClient({ apiKey, baseUrl: sandbox.url })
    const { merchantToken } = await setup.createSandboxMerchant()
    await setup.close()
    const fc = new FastCheckoutClient({ apiKey, merchantToken, baseUrl: sandbox.url })
    const order = (referenceId: string) =>
      fc.createOrder({
        referenceId,
        redirectUrl: "https://shop.example/return",
        currency: "EUR",
        items: [{ itemName: "Stroopwafels", priceInCents: 1299, quantity: 2 }],
        shippingCostsInCents: 495,
        discountInCents: 100,
        expiration: 900,
      } as never)
    const paid = await order("cart_paid")
    await order("cart_open")
    await control.post(`/_sandbox/fastcheckout/orders/${paid.orderToken}/pay`, {})
    await fc.close()

    // Payment requests v2: a fixed amount paid once.
    const v2Setup = new PaymentRequestsClient({ apiKey, baseUrl: sandbox.url })
    const { appToken } = await v2Setup.createSandboxApp()
    await v2Setup.close()
    const v2 = new PaymentRequestsClient({ apiKey, appToken, baseUrl: sandbox.url })
    const link = await v2.createPaymentRequest({ description: "Order 7", amountInCents: 1250 })
    const v2Payment = await control.post<{ paymentToken: string }>(
      `/_sandbox/paymentrequests/${link.paymentRequestToken}/pay`,
      {}
    )
    await v2.close()

    // Payment requests v1: a platform, a user, a request paid.
    const v1 = new PaymentRequestsV1Client({
      apiKey,
      accessToken: async () => (await mintToken(sandbox, ["pay"])).access_token,
      baseUrl: sandbox.url,
    })
    const platform = await v1.createPlatform({
      name: "Shop",
      phoneNumber: "020 123 4567",
      platformUsage: "PAYMENT_REQUEST_FOR_MYSELF",
    })
    const user = await v1.createUser(platform.platformToken, {
      name: "Shop",
      phoneNumber: "0612345678",
      iban: "NL91 ABNA 0417 1643 00",
      bankAccountLabel: "Shop",
    })
    const v1Request = await v1.createPaymentRequest(
      platform.platformToken,
      user.userToken,
      user.bankAccounts[0].bankAccountToken,
      {
        amountInCents: "842",
        currency: "EUR",
        description: "Order 8",
        externalId: "order_8",
      }
    )
    await control.post(`/_sandbox/v1/paymentrequests/${v1Request.paymentRequestToken}/pay`, {})
    const v1Paid = await v1.getPaymentRequest(platform.platformToken, user.userToken, v1Request.paymentRequestToken)
    await v1.close()
    const v1Token = v1Paid.payments[0].paymentToken!

    const first = await payouts(EMPTY_ACCOUNT)
    expect(first.status).toBe(201)
    const booked = (
      first.json as {
        payouts: Array<{ source: string; reference: string; amountInCents: number; transactionId: string }>
      }
    ).payouts
    expect(booked.map(({ transactionId: _t, ...p }) => p).sort((a, b) => a.amountInCents - b.amountInCents)).toEqual([
      {
        source: "paymentrequest",
        reference: v1Token.replace(/-/g, ""),
        amountInCents: 842,
        bookDate: expect.any(String),
      },
      {
        source: "paymentrequest",
        reference: v2Payment.paymentToken,
        amountInCents: 1250,
        bookDate: expect.any(String),
      },
      // 2 × 12.99 + 4.95 shipping − 1.00 discount
      { source: "fastcheckout", reference: paid.orderToken, amountInCents: 2993, bookDate: expect.any(String) },
    ])

    // The account shows them as the bank service does.
    const token = (await mintToken(sandbox, ALL_AIS_SCOPES, EMPTY_ACCOUNT)).access_token
    const txs = await raw(`${sandbox.url}/v1/accounts/${EMPTY_ACCOUNT}/transactions`, { headers: aisHeaders(token) })
    expect(txs.status).toBe(200)
    const credits = (
      txs.json as {
        transactions: Array<{
          transactionId: string
          counterPartyName: string
          descriptionLines: string[]
          amount: number
        }>
      }
    ).transactions
    const fastCheckoutCredit = credits.find((t) => t.descriptionLines[1] === paid.orderToken)!
    expect(fastCheckoutCredit).toEqual(
      expect.objectContaining({
        counterPartyName: "Stichting Tikkie",
        descriptionLines: ["TIKKIE FASTCHECKOUT", paid.orderToken],
        amount: 29.93,
      })
    )

    // Asked again: nothing new. A new payment: only that one.
    expect((await payouts(EMPTY_ACCOUNT)).json).toEqual({ payouts: [] })
    const second = await v2Again(appToken)
    const only = (await payouts(EMPTY_ACCOUNT, { references: [second, "unknown-reference"] })).json as {
      payouts: Array<{ reference: string }>
    }
    expect(only.payouts.map((p) => p.reference)).toEqual([second])
  })

  it("refuses an unknown account, a future book date and an unknown field", async () => {
    expect((await payouts("NL02ABNA0000000000")).status).toBe(404)
    expect((await payouts(EMPTY_ACCOUNT, { bookDate: "2999-01-01" })).status).toBe(400)
    const unknownField = await payouts(EMPTY_ACCOUNT, { amount: 1 })
    expect(unknownField.status).toBe(400)
  })

  /** Another v2 payment; answers its paymentToken. */
  async function v2Again(appToken: string): Promise<string> {
    const v2 = new PaymentRequestsClient({ apiKey, appToken, baseUrl: sandbox.url })
    const link = await v2.createPaymentRequest({ description: "Order 9", amountInCents: 500 })
    await v2.close()
    return (
      await control.post<{ paymentToken: string }>(`/_sandbox/paymentrequests/${link.paymentRequestToken}/pay`, {})
    ).paymentToken
  }
})
