import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  FAST_CHECKOUT_GET_ORDER_KEY,
  RATE_WINDOW_HELD,
  type SqlConnection,
} from "../../src/providers/shared/database-rate-limiter"
import { pollFastCheckoutOrders } from "../../src/jobs/poll-fast-checkout-orders"
import {
  arriveAt,
  eventually,
  orderForCart,
  ordersForCartCount,
  type SeededStore,
  seedStore,
  storeApi,
  stroopwafelsAndMugCart,
} from "../helpers/store-flow"
import { clearSandboxForNextTest } from "../helpers/tikkie-sandbox-env"
import { storeSuite } from "../helpers/store-suites"

export default storeSuite("fast-checkout-faults", {
  testSuite: ({ api, getContainer, tikkie }) => {
    let store: SeededStore
    let shop: ReturnType<typeof storeApi>

    // Seeded once: the test runner restores the database to what it was after these hooks before every test.
    beforeAll(async () => {
      store = await seedStore(getContainer())
      shop = storeApi(api, store.publishableKey)
    })
    beforeEach(async () => {
      await clearSandboxForNextTest(tikkie)
    })

    const newCart = () => stroopwafelsAndMugCart(shop, store)

    const returnTo = (sessionId: string) =>
      arriveAt(`${tikkie.storeUrl}/hooks/tikkie/fast-checkout/return?session_id=${sessionId}`)

    it.each([
      ["500", 10],
      ["503", 10],
      // A hanging read times out (requestTimeoutMs) and is retried three times: four hangs outlast it.
      ["hang", 4],
    ] as const)("delays but does not lose the order while GET order answers %s", async (kind, count) => {
      const cart = await newCart()
      const started = await shop.startFastCheckout(cart.id)
      await tikkie.control.injectFault("fastCheckout.getOrder", kind, count)
      await tikkie.control.setDeliveryBehaviour("fail", 1)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      const firstTry = await returnTo(started.payment_session_id)
      expect(firstTry.status).toBe(303)
      // Either the retries outlasted the fault and the order exists, or the shopper is told it is being
      // confirmed; never a failure page for a paid order.
      const processing = firstTry.location.searchParams.get("tikkie_status") === "PROCESSING"
      expect(processing || /^order_/.test(firstTry.location.searchParams.get("order_id") ?? "")).toBe(true)
      if (processing) expect(await orderForCart(getContainer(), cart.id)).toBeUndefined()
      // The fault is over; the poll finds the paid order.
      await tikkie.control.clearFaults()
      for (let i = 0; i < 3 && (await ordersForCartCount(getContainer(), cart.id)) === 0; i++) {
        await pollFastCheckoutOrders(getContainer())
      }
      expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
    })

    it("sends the shopper who returns before the webhook to the confirmation, and the late webhook changes nothing", async () => {
      const cart = await newCart()
      const started = await shop.startFastCheckout(cart.id)
      await tikkie.control.setDeliveryBehaviour("late", 1, { delayMs: 2_000 })
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      const back = await returnTo(started.payment_session_id)
      expect(back.status).toBe(303)
      expect(back.location.origin + back.location.pathname).toBe(`${tikkie.storefrontUrl}/order/confirmed`)
      const orderId = back.location.searchParams.get("order_id")
      expect(orderId).toMatch(/^order_/)
      await eventually(async () => (await tikkie.control.deliveries("fastCheckout.webhook"))[0]?.state === "delivered")
      await new Promise((r) => setTimeout(r, 500))
      expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
      expect((await orderForCart(getContainer(), cart.id))!.id).toBe(orderId)
    })

    /** The store-wide limiter's slots of GET order, per wall-clock second (the tikkie_rate_window rows). */
    const slotsPerSecond = async (): Promise<Map<number, number>> => {
      const pg = getContainer().resolve<SqlConnection>(ContainerRegistrationKeys.PG_CONNECTION)
      const { rows } = await pg.raw(
        `select "window", count from tikkie_rate_window where key = ? and deleted_at is null`,
        [FAST_CHECKOUT_GET_ORDER_KEY]
      )
      return new Map((rows as Array<{ window: number; count: number }>).map((r) => [Number(r.window), Number(r.count)]))
    }
    const totalSlots = async () => [...(await slotsPerSecond()).values()].reduce((a, b) => a + b, 0)
    const getOrderCalls = () => tikkie.control.requests("fastCheckout.getOrder")

    /** A paid order whose webhook never arrives: only the caller of the test reads it. */
    const paidWithoutWebhook = async () => {
      const cart = await newCart()
      const started = await shop.startFastCheckout(cart.id)
      await tikkie.control.setDeliveryBehaviour("fail", 1)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      await tikkie.control.clearRequests()
      return { cart, started }
    }

    it("a read through Medusa's own POST /store/carts/:id/complete takes a store-wide slot for every attempt", async () => {
      const { cart } = await paidWithoutWebhook()
      const before = await totalSlots()
      // The first attempt fails: its retry is a second call Tikkie counts.
      await tikkie.control.injectFault("fastCheckout.getOrder", "500", 1)
      const { data } = await api.post(`/store/carts/${cart.id}/complete`, {}, { headers: shop.headers })
      expect(data.type).toBe("order")
      const calls = await getOrderCalls()
      expect(calls.map((c) => c.status).slice(0, 2)).toEqual([500, 200])
      // Every GET order that reached Tikkie took a slot of the store-wide limiter, and nothing else did.
      expect((await totalSlots()) - before).toBe(calls.length)
    })

    it("the return route's read and its retries take one store-wide slot each, not one more for the settlement", async () => {
      const { cart, started } = await paidWithoutWebhook()
      const before = await totalSlots()
      await tikkie.control.injectFault("fastCheckout.getOrder", "503", 1)
      const back = await returnTo(started.payment_session_id)
      expect(back.location.searchParams.get("order_id")).toMatch(/^order_/)
      expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
      const calls = await getOrderCalls()
      expect(calls.map((c) => c.status)).toEqual([503, 200])
      expect((await totalSlots()) - before).toBe(calls.length)
    })

    it("a 429 at Tikkie holds the store-wide limiter for the rest of that second: the retry comes in a later one", async () => {
      const { cart } = await paidWithoutWebhook()
      await tikkie.control.injectFault("fastCheckout.getOrder", "429", 1)
      const { data } = await api.post(`/store/carts/${cart.id}/complete`, {}, { headers: shop.headers })
      expect(data.type).toBe("order")
      const calls = await getOrderCalls()
      expect(calls.map((c) => c.status).slice(0, 2)).toEqual([429, 200])
      const [refused, retried] = calls.map((c) => Math.floor(Date.parse(c.at) / 1000))
      expect(retried).toBeGreaterThan(refused)
      // The second of the 429 counts as full for every instance of the store.
      expect((await slotsPerSecond()).get(refused)).toBeGreaterThanOrEqual(RATE_WINDOW_HELD)
    })
  },
})
