import { DEMO_PROMOTIONS } from "../../demo/constants"
import { TIKKIE_MODULE } from "../../src/modules/tikkie"
import type TikkieModuleService from "../../src/modules/tikkie/service"
import { subscribePaymentRequestNotifications } from "../../src/workflows/payment-request/utils/subscribe-notifications"
import { adminHeaders, enablePaymentLinks } from "../helpers/payment-request-env"
import {
  eventually,
  orderForCart,
  type SeededStore,
  seedStore,
  settledOrder,
  storeApi,
  useReadyCarts,
} from "../helpers/store-flow"
import { clearSandboxForNextTest } from "../helpers/tikkie-sandbox-env"
import { storeSuite } from "../helpers/store-suites"

/**
 * The demo's promotion codes (Medusa's promotion module, applied through the Store API) on carts paid
 * with Tikkie: what Tikkie is asked for is Medusa's total to the cent, and the order keeps the discount.
 * The usual cart (3 × €3.95 + €12.50, €4.95 shipping, 21 % VAT) does not split evenly under 15 %.
 */
export default storeSuite("promotions", {
  testSuite: ({ api, getContainer, tikkie }) => {
    let store: SeededStore
    let shop: ReturnType<typeof storeApi>
    const records = () => getContainer().resolve<TikkieModuleService>(TIKKIE_MODULE)
    const cents = (amount: number) => Math.round(amount * 100)

    // Every test takes one cart: each finds this one, as the restore before it puts it back without a code.
    const carts = useReadyCarts(1)

    // Seeded once: the test runner restores the database to what it was after these hooks before every test.
    beforeAll(async () => {
      store = await seedStore(getContainer())
      shop = storeApi(api, store.publishableKey)
      await enablePaymentLinks(getContainer(), store.regionId)
      await carts.make(shop, store)
    })
    beforeEach(async () => {
      await clearSandboxForNextTest(tikkie)
      await subscribePaymentRequestNotifications(getContainer(), { force: true })
    })

    /** The usual cart with the code applied, as the storefront reads it back. */
    const cartWithCode = async (code: string) => {
      const cart = await carts.take(shop, store)
      await api.post(`/store/carts/${cart.id}/promotions`, { promo_codes: [code] }, { headers: shop.headers })
      const { data } = await api.get(
        `/store/carts/${cart.id}?fields=+total,+discount_total,+shipping_total,+item_total,*promotions`,
        { headers: shop.headers }
      )
      expect(data.cart.promotions.map((p: any) => p.code)).toEqual([code])
      expect(data.cart.discount_total).toBeGreaterThan(0)
      return data.cart as { id: string; total: number; discount_total: number; shipping_total: number }
    }

    const orderDiscount = async (orderId: string) => {
      const headers = await adminHeaders(api, getContainer())
      const { data } = await api.get(`/admin/orders/${orderId}?fields=+discount_total,+total,*promotions`, { headers })
      return data.order as { discount_total: number; total: number; promotions: Array<{ code: string }> }
    }

    const codes = Object.values(DEMO_PROMOTIONS).map((p) => p.code)

    it.each(codes)(
      "Fast Checkout with %s: items, shipping and discount sent to Tikkie sum to Medusa's total; the order keeps the discount",
      async (code) => {
        const cart = await cartWithCode(code)
        const { data: started } = await api.post(
          `/store/carts/${cart.id}/tikkie-fast-checkout`,
          {},
          { headers: shop.headers }
        )
        const sent = (await tikkie.control.get<{ orders: any[] }>("/_sandbox/fastcheckout/orders")).orders.find(
          (o) => o.orderToken === started.order_token
        )
        const items = sent.items.reduce((s: number, i: any) => s + i.priceInCents * i.quantity, 0)
        expect(items + sent.shippingCostsInCents - (sent.discountInCents ?? 0)).toBe(cents(cart.total))

        await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
        const order = await settledOrder(getContainer(), started.order_token, cart.id)
        const withDiscount = await orderDiscount(order.id)
        expect(withDiscount.promotions.map((p) => p.code)).toEqual([code])
        expect(cents(withDiscount.discount_total)).toBe(cents(cart.discount_total))
        expect(cents(withDiscount.total)).toBe(cents(cart.total))
        expect(cents(order.payment_collections[0].payments[0].amount)).toBe(cents(cart.total))
      }
    )

    it.each(codes)(
      "payment link with %s: Tikkie asks for Medusa's total to the cent; the order keeps the discount",
      async (code) => {
        const cart = await cartWithCode(code)
        const { data: started } = await api.post(
          `/store/carts/${cart.id}/tikkie-payment-request`,
          {},
          { headers: shop.headers }
        )
        const sent = (
          await tikkie.control.get<{ paymentRequests: any[] }>("/_sandbox/paymentrequests")
        ).paymentRequests.find((r) => r.paymentRequestToken === started.payment_request_token)
        expect(sent.amountInCents).toBe(cents(cart.total))

        await tikkie.control.post(`/_sandbox/paymentrequests/${started.payment_request_token}/pay`, {})
        const orderId = (await eventually(
          async () =>
            (await records().listPaymentRequests({ payment_request_token: started.payment_request_token }))[0]
              ?.order_id,
          20_000
        )) as string
        const withDiscount = await orderDiscount(orderId)
        expect(withDiscount.promotions.map((p) => p.code)).toEqual([code])
        expect(cents(withDiscount.discount_total)).toBe(cents(cart.discount_total))
        const order = (await orderForCart(getContainer(), cart.id))!
        expect(cents(order.payment_collections[0].payments[0].amount)).toBe(cents(cart.total))
      }
    )
  },
})
