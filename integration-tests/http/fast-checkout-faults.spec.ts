import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
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
import { clearSandboxForNextTest, useTikkieSandbox } from "../helpers/tikkie-sandbox-env"

jest.setTimeout(180_000)

// Faults and the return route, in a file (and so a process) of their own: see scripts/test.js.

const tikkie = useTikkieSandbox({ requestTimeoutMs: 1_500 })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
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

    const returnTo = (sessionId: string) => arriveAt(`${tikkie.storeUrl}/hooks/tikkie/fast-checkout/return?session_id=${sessionId}`)

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

  },
})
