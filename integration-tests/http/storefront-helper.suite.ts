import Medusa from "@medusajs/js-sdk"
import { readTikkieReturn, startTikkieFastCheckout, startTikkiePaymentLink, tikkieReturnRouteUrl } from "../../src/storefront"
import { enablePaymentLinks } from "../helpers/payment-request-env"
import { arriveAt, orderForCart, type SeededStore, seedStore, storeApi, stroopwafelsAndMugCart } from "../helpers/store-flow"
import { clearSandboxForNextTest } from "../helpers/tikkie-sandbox-env"
import { storeSuite } from "../helpers/store-suites"

/**
 * `medusa-plugin-tikkie/storefront` on Medusa's own JS SDK against the store, as a storefront uses it:
 * start, pay at the sandbox, come back through the store's return route, read where it sent the shopper.
 */
export default storeSuite("storefront-helper", {
  testSuite: ({ api, getContainer, tikkie }) => {
    let store: SeededStore
    let shop: ReturnType<typeof storeApi>
    let sdk: Medusa

    // Seeded once: the test runner restores the database to what it was after these hooks before every test.
    beforeAll(async () => {
      store = await seedStore(getContainer())
      shop = storeApi(api, store.publishableKey)
      await enablePaymentLinks(getContainer(), store.regionId)
      sdk = new Medusa({ baseUrl: tikkie.storeUrl, publishableKey: store.publishableKey })
    })
    beforeEach(async () => {
      await clearSandboxForNextTest(tikkie)
    })

    it("Fast Checkout: started through the SDK, paid, and the return reads as the order placed", async () => {
      const cart = await stroopwafelsAndMugCart(shop, store)
      const started = await startTikkieFastCheckout(sdk, cart.id)
      expect(started.checkout_url).toContain(`/checkout/fastcheckout/${started.order_token}`)

      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      // The return route waits 2 s at most for the webhook's settlement in progress; a shopper told
      // "confirming" reloads, as the storefront guide's page does, until the order is placed.
      const returnRoute = tikkieReturnRouteUrl(tikkie.storeUrl, "fast-checkout", started.payment_session_id)
      let state = readTikkieReturn((await arriveAt(returnRoute)).location)
      for (let reload = 0; state.kind === "confirming" && reload < 20; reload++) {
        await new Promise((r) => setTimeout(r, 500))
        state = readTikkieReturn((await arriveAt(returnRoute)).location)
      }
      const order = await orderForCart(getContainer(), cart.id)
      expect(state).toEqual({ kind: "order-placed", orderId: order!.id })
    })

    it("Fast Checkout cancelled at Tikkie: the return reads as not paid, with the cart to try again", async () => {
      const cart = await stroopwafelsAndMugCart(shop, store)
      const started = await startTikkieFastCheckout(sdk, cart.id)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/cancel`)
      const back = await arriveAt(tikkieReturnRouteUrl(tikkie.storeUrl, "fast-checkout", started.payment_session_id))
      expect(readTikkieReturn(back.location)).toEqual({ kind: "not-paid", status: "CANCELLED", cartId: cart.id })
      expect(await orderForCart(getContainer(), cart.id)).toBeUndefined()
    })

    it("payment link: unpaid reads as OPEN, paid reads as the order placed", async () => {
      const cart = await stroopwafelsAndMugCart(shop, store)
      const link = await startTikkiePaymentLink(sdk, cart.id)
      expect(link.payment_url).toContain(link.payment_request_token)
      const returnRoute = tikkieReturnRouteUrl(tikkie.storeUrl, "payment-request", link.payment_session_id)

      expect(readTikkieReturn((await arriveAt(returnRoute)).location)).toEqual({ kind: "not-paid", status: "OPEN", cartId: cart.id })

      await tikkie.control.post(`/_sandbox/paymentrequests/${link.payment_request_token}/pay`, {})
      const state = readTikkieReturn((await arriveAt(returnRoute)).location)
      const order = await orderForCart(getContainer(), cart.id)
      expect(state).toEqual({ kind: "order-placed", orderId: order!.id })
    })

    it("the store's refusal reaches the storefront as the SDK's error, with its status and message", async () => {
      const error = (await startTikkieFastCheckout(sdk, "cart_01NOSUCHCART00000000000000").then(
        () => ({}),
        (e: unknown) => e
      )) as { status?: number; message?: string }
      expect(error).toMatchObject({ status: 404 })
      expect(error.message).toMatch(/cart/i)
      // An id that would change the path is refused before any request.
      await expect(startTikkieFastCheckout(sdk, "../../admin/users")).rejects.toThrow(/Not a cart id/)
    })
  },
})
