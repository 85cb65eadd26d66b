import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ordersForCartCount, seedStore, settledOrder, storeApi, type SeededStore } from "../helpers/store-flow"
import { useTikkieSandbox } from "../helpers/tikkie-sandbox-env"

jest.setTimeout(180_000)

const tikkie = useTikkieSandbox()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let shop: ReturnType<typeof storeApi>

    beforeEach(async () => {
      store = await seedStore(getContainer())
      shop = storeApi(api, store.publishableKey)
    })

    describe("Fast Checkout at checkout", () => {
      it("pays a cart through the webhook: one order, payment captured, payer imported", async () => {
        const cart = await shop.createCart(store.regionId, [
          [store.variantIds["stroopwafels-1"], 3],
          [store.variantIds["delfts-blauw-mok-1"], 1],
        ])
        const started = await shop.startFastCheckout(cart.id)
        expect(started.checkout_url).toContain(`/checkout/fastcheckout/${started.order_token}`)

        // What the shopper sees on the checkout page sums to the cart total to the cent.
        const [sent] = (await tikkie.control.get<{ orders: any[] }>("/_sandbox/fastcheckout/orders")).orders
        const items = sent.items.reduce((s: number, i: any) => s + i.priceInCents * i.quantity, 0)
        expect(items + sent.shippingCostsInCents - (sent.discountInCents ?? 0)).toBe(Math.round(cart.total * 100))
        expect(sent.items.map((i: any) => i.itemName)).toEqual(
          expect.arrayContaining(["Stroopwafels - 8 stuks", "Delfts Blauw mok - Klein (250 ml)"])
        )

        await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
        const order = await settledOrder(getContainer(), started.order_token, cart.id)

        expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
        expect(order.email).toBe("jan.jansen@example.nl")
        expect(order.shipping_address).toEqual(
          expect.objectContaining({ address_1: "Damrak 12", address_2: "B", postal_code: "1012 LG", city: "Amsterdam", country_code: "nl" })
        )
        const [payment] = order.payment_collections[0].payments
        expect(payment.provider_id).toBe("pp_tikkie-fast-checkout_tikkie")
        expect(payment.captured_at).toBeTruthy()
        expect(payment.data.orderToken).toBe(started.order_token)
        expect(payment.data.payer).toEqual(expect.objectContaining({ firstName: expect.any(String), email: "jan.jansen@example.nl" }))
        expect(Math.round(order.total * 100)).toBe(Math.round(cart.total * 100))
      })
    })
  },
})
