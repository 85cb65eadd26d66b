import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { TIKKIE_MODULE } from "../../src/modules/tikkie"
import type TikkieModuleService from "../../src/modules/tikkie/service"
import { enablePaymentLinks, usePaymentRequestApp } from "../helpers/payment-request-env"
import {
  orderForCart,
  ordersForCartCount,
  type SeededStore,
  seedStore,
  storeApi,
  stroopwafelsAndMugCart,
} from "../helpers/store-flow"
import { clearSandboxForNextTest, useTikkieSandbox } from "../helpers/tikkie-sandbox-env"

jest.setTimeout(180_000)

const tikkie = useTikkieSandbox({ requestTimeoutMs: 1_500 })
usePaymentRequestApp(tikkie)

/**
 * A shopper who has paid (in another tab, or the webhook was lost, or the settlement is still
 * retrying) and starts checkout again must never be sent to pay a second time, and the paid session
 * must survive: Medusa's createPaymentSessionsWorkflow deletes a cart's other sessions.
 */
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let shop: ReturnType<typeof storeApi>
    const records = () => getContainer().resolve<TikkieModuleService>(TIKKIE_MODULE)

    beforeEach(async () => {
      await clearSandboxForNextTest(tikkie)
      store = await seedStore(getContainer())
      shop = storeApi(api, store.publishableKey)
      await enablePaymentLinks(getContainer(), store.regionId)
    })

    const newCart = () => stroopwafelsAndMugCart(shop, store)
    const startFastCheckout = (cartId: string) =>
      api.post(`/store/carts/${cartId}/tikkie-fast-checkout`, {}, { headers: shop.headers }).catch((e: any) => e.response)
    const startLink = (cartId: string) =>
      api.post(`/store/carts/${cartId}/tikkie-payment-request`, {}, { headers: shop.headers }).catch((e: any) => e.response)
    /** Pays at Tikkie while the webhook to the store is lost: the store's record still says NEW. */
    const payWithWebhookLost = async (orderToken: string) => {
      await tikkie.control.setDeliveryBehaviour("fail", 1)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${orderToken}/pay`)
      const [record] = await records().listFastCheckoutOrders({ order_token: orderToken })
      expect(record.status).toBe("NEW")
    }

    it("Fast Checkout paid with the webhook lost: starting again completes the paid order and answers 409, no second Tikkie order", async () => {
      const cart = await newCart()
      const first = (await startFastCheckout(cart.id)).data
      await payWithWebhookLost(first.order_token)

      const again = await startFastCheckout(cart.id)
      expect(again.status).toBe(409)
      expect(again.data.message).toMatch(/already been paid with Tikkie and is now order order_/)
      expect(await tikkie.control.requests("fastCheckout.createOrder")).toHaveLength(1)
      expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
      const order = (await orderForCart(getContainer(), cart.id))!
      expect(again.data.message).toContain(order.id)
      expect(order.payment_collections[0].payments.map((p: any) => p.data.orderToken)).toEqual([first.order_token])
    })

    it("Fast Checkout paid while Tikkie cannot be read: 409 'still confirming', the paid session is kept, and it completes later", async () => {
      const cart = await newCart()
      const first = (await startFastCheckout(cart.id)).data
      await payWithWebhookLost(first.order_token)
      await tikkie.control.injectFault("fastCheckout.getOrder", "500", 8)

      const again = await startFastCheckout(cart.id)
      expect(again.status).toBe(409)
      expect(again.data.message).toMatch(/still confirming an earlier Tikkie payment/)
      expect(await tikkie.control.requests("fastCheckout.createOrder")).toHaveLength(1)
      const sessions = (await shop.getCart(cart.id)).payment_collection.payment_sessions
      expect(sessions.map((s: any) => s.id)).toEqual([first.payment_session_id])

      await tikkie.control.clearFaults()
      const later = await startFastCheckout(cart.id)
      expect(later.status).toBe(409)
      expect(later.data.message).toMatch(/already been paid/)
      expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
      expect(await tikkie.control.requests("fastCheckout.createOrder")).toHaveLength(1)
    })

    it("Fast Checkout paid but the cart changed: starting again answers 409 with what to do, no second Tikkie order", async () => {
      const cart = await newCart()
      const first = (await startFastCheckout(cart.id)).data
      await shop.addItem(cart.id, store.variantIds["drop-1"], 1)
      await payWithWebhookLost(first.order_token)

      const again = await startFastCheckout(cart.id)
      expect(again.status).toBe(409)
      expect(again.data.message).toMatch(/payment for this cart has been received.*do not pay again/)
      expect(await tikkie.control.requests("fastCheckout.createOrder")).toHaveLength(1)
      const [record] = await records().listFastCheckoutOrders({ order_token: first.order_token })
      expect(record.status).toBe("PAID")
      expect(record.problem).toMatch(/cart changed after checkout started/)
      expect(await orderForCart(getContainer(), cart.id)).toBeUndefined()
    })

    it("Medusa's own payment-session route, another provider, after a paid Fast Checkout: 409 and the Tikkie payment becomes the order", async () => {
      const cart = await newCart()
      const first = (await startFastCheckout(cart.id)).data
      await payWithWebhookLost(first.order_token)
      const collectionId = (await shop.getCart(cart.id)).payment_collection.id

      const other = await api
        .post(`/store/payment-collections/${collectionId}/payment-sessions`, { provider_id: "pp_system_default" }, { headers: shop.headers })
        .catch((e: any) => e.response)
      expect(other.status).toBe(409)
      expect(other.data.message).toMatch(/already been paid/)
      const order = (await orderForCart(getContainer(), cart.id))!
      expect(order.payment_collections[0].payments.map((p: any) => p.provider_id)).toEqual(["pp_tikkie-fast-checkout_tikkie"])
    })

    it("a payment link paid with the notification lost: starting again completes the order and answers 409, no second link", async () => {
      const cart = await newCart()
      const first = (await startLink(cart.id)).data
      // No notification subscription in this file: the store hears of the payment only by reading Tikkie.
      await tikkie.control.post(`/_sandbox/paymentrequests/${first.payment_request_token}/pay`, {})

      const again = await startLink(cart.id)
      expect(again.status).toBe(409)
      expect(again.data.message).toMatch(/already been paid with Tikkie/)
      expect(await tikkie.control.requests("paymentRequestsV2.createPaymentRequest")).toHaveLength(1)
      expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
      // Nor can the shopper switch to Fast Checkout and pay again.
      const fastCheckout = await startFastCheckout(cart.id)
      expect(fastCheckout.status).toBe(400)
      expect(fastCheckout.data.message).toMatch(/already completed/)
      expect(await tikkie.control.requests("fastCheckout.createOrder")).toHaveLength(0)
    })

    it("an unpaid earlier checkout does not block: a changed cart gets a new Fast Checkout order", async () => {
      const cart = await newCart()
      const first = (await startFastCheckout(cart.id)).data
      await shop.addItem(cart.id, store.variantIds["drop-1"], 1)
      const again = await startFastCheckout(cart.id)
      expect(again.status).toBe(200)
      expect(again.data.order_token).not.toBe(first.order_token)
      expect(await tikkie.control.requests("fastCheckout.createOrder")).toHaveLength(2)
    })
  },
})
