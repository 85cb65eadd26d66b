import Medusa from "@medusajs/js-sdk"
import {
  readTikkieReturn,
  startTikkieFastCheckout,
  startTikkiePaymentLink,
  TikkieStoreError,
  tikkieReturnRouteUrl,
  tikkieStoreError,
} from "../../src/storefront"
import { enablePaymentLinks } from "../helpers/payment-request-env"
import {
  arriveAt,
  eventually,
  orderForCart,
  type SeededStore,
  seedStore,
  storeApi,
  stroopwafelsAndMugCart,
} from "../helpers/store-flow"
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
      // A return while the webhook's settlement is under way answers "confirming" from the record; the
      // shopper's page asks again, as the storefront guide's page does, until the order is placed.
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
      // Inside the order's read interval the return answers from the record at once ("confirming"); the
      // storefront asks again, as its status page does, until the read has seen the cancel.
      const returnRoute = tikkieReturnRouteUrl(tikkie.storeUrl, "fast-checkout", started.payment_session_id)
      let state = readTikkieReturn((await arriveAt(returnRoute)).location)
      for (let i = 0; i < 30 && state.kind === "confirming"; i++) {
        await new Promise((r) => setTimeout(r, 500))
        state = readTikkieReturn((await arriveAt(returnRoute)).location)
      }
      expect(state).toEqual({ kind: "not-paid", status: "CANCELLED", cartId: cart.id })
      expect(await orderForCart(getContainer(), cart.id)).toBeUndefined()
    })

    it("payment link: unpaid reads as OPEN, paid reads as the order placed", async () => {
      const cart = await stroopwafelsAndMugCart(shop, store)
      const link = await startTikkiePaymentLink(sdk, cart.id)
      expect(link.payment_url).toContain(link.payment_request_token)
      const returnRoute = tikkieReturnRouteUrl(tikkie.storeUrl, "payment-request", link.payment_session_id)

      expect(readTikkieReturn((await arriveAt(returnRoute)).location)).toEqual({
        kind: "not-paid",
        status: "OPEN",
        cartId: cart.id,
      })

      await tikkie.control.post(`/_sandbox/paymentrequests/${link.payment_request_token}/pay`, {})
      // Inside the link's read interval (the unpaid return read it) the return answers "confirming" from
      // the record; the storefront asks again, as its status page does, until the order is placed.
      let state = readTikkieReturn((await arriveAt(returnRoute)).location)
      for (let i = 0; i < 30 && state.kind === "confirming"; i++) {
        await new Promise((r) => setTimeout(r, 500))
        state = readTikkieReturn((await arriveAt(returnRoute)).location)
      }
      const order = await orderForCart(getContainer(), cart.id)
      expect(state).toEqual({ kind: "order-placed", orderId: order!.id })
    })

    it("the store's refusal reaches the storefront as a TikkieStoreError: the store's message, status and code, plain for a Server Action", async () => {
      const error = await startTikkieFastCheckout(sdk, "cart_01NOSUCHCART00000000000000").then(
        () => undefined,
        (e: unknown) => e
      )
      expect(error).toBeInstanceOf(TikkieStoreError)
      expect(error).toMatchObject({
        status: 404,
        code: "not_found",
        payAgain: true,
        message: expect.stringMatching(/cart/i),
      })
      expect(JSON.parse(JSON.stringify(tikkieStoreError(error)))).toEqual(tikkieStoreError(error))
      // An id that would change the path, or none (an expired cart cookie), is refused before any request.
      const before = (await tikkie.control.requests("fastCheckout.createOrder")).length
      for (const cartId of ["../../admin/users", "", undefined]) {
        expect(
          await startTikkieFastCheckout(sdk, cartId, { locale: "nl" }).catch((e: unknown) => tikkieStoreError(e))
        ).toEqual({
          code: "not_found",
          payAgain: true,
          message: "Je winkelwagen is niet gevonden. Ga terug naar de winkel en voeg je producten opnieuw toe.",
        })
      }
      expect(await tikkie.control.requests("fastCheckout.createOrder")).toHaveLength(before)
    })

    it("a cart that has become an order: 409 'conflict', never pay again, in Dutch with locale nl", async () => {
      const cart = await stroopwafelsAndMugCart(shop, store)
      const link = await startTikkiePaymentLink(sdk, cart.id)
      await tikkie.control.post(`/_sandbox/paymentrequests/${link.payment_request_token}/pay`, {})
      await arriveAt(tikkieReturnRouteUrl(tikkie.storeUrl, "payment-request", link.payment_session_id))
      // The return settles it, or answers "confirming" when another settlement holds the link's lock.
      await eventually(() => orderForCart(getContainer(), cart.id))

      const dutch = await startTikkieFastCheckout(sdk, cart.id, { locale: "nl" }).catch((e: unknown) =>
        tikkieStoreError(e)
      )
      expect(dutch).toEqual({
        status: 409,
        code: "conflict",
        payAgain: false,
        message: "Van deze winkelwagen is al een bestelling gemaakt. Er valt niets meer te betalen.",
      })
      const english = await startTikkiePaymentLink(sdk, cart.id).catch((e: unknown) => tikkieStoreError(e))
      expect(english).toMatchObject({
        status: 409,
        code: "conflict",
        payAgain: false,
        message: "This cart has already become an order. There is nothing more to pay.",
      })
    })

    it("a store that cannot be reached: the helper's own words in the shopper's language, no internals", async () => {
      const gone = new Medusa({ baseUrl: "http://127.0.0.1:9", publishableKey: store.publishableKey })
      const error = await startTikkieFastCheckout(gone, "cart_01ANY", { locale: "nl-NL" }).catch((e: unknown) =>
        tikkieStoreError(e)
      )
      expect(error).toEqual({
        code: "network",
        payAgain: true,
        message: expect.stringMatching(/^De winkel is niet bereikbaar\. Er is niets afgeschreven/),
      })
    })
  },
})
