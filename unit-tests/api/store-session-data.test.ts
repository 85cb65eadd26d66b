import { redactStoreAnswer, storeSafeSessionData } from "../../src/api/utils/store-session-data"

const FC = "pp_tikkie-fast-checkout_tikkie"
const PR = "pp_tikkie-payment-request_tikkie"

const fastCheckoutData = {
  orderToken: "ot1",
  checkoutUrl: "https://checkout.example/ot1",
  referenceId: "payses_1",
  cartId: "cart_1",
  amountInCents: 1555,
  expiresAt: "2026-11-24T10:00:00.000Z",
  status: "COMPLETED",
  successUrl: "https://shop.example/ok",
  failureUrl: "https://shop.example/nok",
  payer: {
    firstName: "Jan",
    lastName: "Jansen",
    email: "jan@example.nl",
    phoneNumber: "+31612345678",
    address: { street: "Damrak" },
  },
  bankTransferRefunds: [{ amountInCents: 100, iban: "NL91ABNA0417164300" }],
}
const paymentRequestData = {
  paymentRequestToken: "prt1",
  url: "https://tikkie.example/prt1",
  referenceId: "payses_2",
  amountInCents: 2281,
  description: "Shop, 2 items",
  expiryDate: "2026-11-25",
  status: "OPEN",
  payments: [
    {
      paymentToken: "payment-token-1",
      tikkieId: "123",
      counterPartyName: "Sanne de Vries",
      counterPartyAccountNumber: "NL91ABNA0417164300",
      amountInCents: 2281,
      createdDateTime: "2026-11-23T10:00:00.000Z",
      refunds: [
        {
          refundToken: "refund-token-1",
          amountInCents: 150,
          description: "Refund 1",
          referenceId: "ref_1",
          createdDateTime: "2026-11-23T11:00:00.000Z",
          status: "PENDING",
        },
      ],
    },
  ],
  v1: { platformToken: "platform-token", userToken: "user-token", bankAccountToken: "bank-account-token" },
  recordedRefundReferences: ["ref_1"],
}

describe("store-safe Tikkie session data", () => {
  it("keeps what a storefront needs of Fast Checkout data, not the payer or bank transfers", () => {
    const safe = storeSafeSessionData(FC, fastCheckoutData) as Record<string, unknown>
    expect(Object.keys(safe).sort()).toEqual([
      "amountInCents",
      "cartId",
      "checkoutUrl",
      "expiresAt",
      "failureUrl",
      "orderToken",
      "referenceId",
      "status",
      "successUrl",
    ])
  })

  it("keeps a link's amounts and refund statuses, not the payer's name, IBAN, tokens or v1 tokens", () => {
    const safe = storeSafeSessionData(PR, paymentRequestData)
    const text = JSON.stringify(safe)
    for (const secret of [
      "Sanne",
      "NL91ABNA0417164300",
      "platform-token",
      "user-token",
      "bank-account-token",
      "payment-token-1",
      "refund-token-1",
      "ref_1",
    ])
      expect(text).not.toContain(secret)
    expect(safe).toEqual(
      expect.objectContaining({
        paymentRequestToken: "prt1",
        url: "https://tikkie.example/prt1",
        payments: [
          {
            amountInCents: 2281,
            createdDateTime: "2026-11-23T10:00:00.000Z",
            refunds: [{ amountInCents: 150, status: "PENDING", createdDateTime: "2026-11-23T11:00:00.000Z" }],
          },
        ],
      })
    )
  })

  it("finds Tikkie data anywhere in an answer (cart sessions, order payments) and leaves other providers' data alone", () => {
    const stripe = { provider_id: "pp_stripe_stripe", data: { client_secret: "cs_1" } }
    const answer = {
      cart: {
        id: "cart_1",
        payment_collection: { payment_sessions: [{ provider_id: FC, data: fastCheckoutData }, stripe] },
      },
      order: { payment_collections: [{ payments: [{ provider_id: PR, data: paymentRequestData }] }] },
    }
    const out = redactStoreAnswer(answer) as any
    expect(JSON.stringify(out)).not.toContain("jan@example.nl")
    expect(JSON.stringify(out)).not.toContain("NL91ABNA0417164300")
    expect(out.cart.payment_collection.payment_sessions[0].data.checkoutUrl).toBe(fastCheckoutData.checkoutUrl)
    expect(out.cart.payment_collection.payment_sessions[1]).toBe(stripe)
    expect(out.order.payment_collections[0].payments[0].data.paymentRequestToken).toBe("prt1")
    // The answer given is not changed in place.
    expect((answer.cart.payment_collection.payment_sessions[0].data as Record<string, unknown>).payer).toBeDefined()
  })

  it("returns an answer without Tikkie data as the same object", () => {
    const answer = { products: [{ id: "prod_1", variants: [{ id: "v1" }] }], count: 1 }
    expect(redactStoreAnswer(answer)).toBe(answer)
  })
})
