import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { request } from "undici"
import { INLINE_RETURN_SETTLEMENTS } from "../../src/workflows/utils/inline-settlement-slots"
import { holdInlineSlots } from "../helpers/inline-slots"
import {
  arriveAt,
  orderForCart,
  ordersForCartCount,
  type SeededStore,
  seedStore,
  settledOrder,
  storeApi,
  stroopwafelsAndMugCart,
} from "../helpers/store-flow"
import { clearSandboxForNextTest } from "../helpers/tikkie-sandbox-env"
import { storeSuite } from "../helpers/store-suites"

/**
 * The return route's inline slots and its wait for the order's lock on Medusa's Postgres locking
 * (MEDUSA_LOCKING=postgres in medusa-config.ts), issue 19 points 5 and 6. hooks-abuse.suite.ts runs the
 * same route on the in-memory locking, the cluster test on Redis locking.
 */
export default storeSuite("return-slots-postgres-locking", {
  testSuite: ({ api, getContainer, tikkie }) => {
    let store: SeededStore
    let shop: ReturnType<typeof storeApi>

    beforeAll(async () => {
      store = await seedStore(getContainer())
      shop = storeApi(api, store.publishableKey)
    })
    beforeEach(async () => {
      await clearSandboxForNextTest(tikkie)
    })

    /** A Fast Checkout paid at the sandbox whose webhook never arrives: only the return settles it. */
    const paidWithoutWebhook = async () => {
      const cart = await stroopwafelsAndMugCart(shop, store)
      const started = await shop.startFastCheckout(cart.id)
      await tikkie.control.setDeliveryBehaviour("fail", 1)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      return { cart, started }
    }
    const fastCheckoutReturn = (sessionId: string) =>
      arriveAt(`${tikkie.storeUrl}/hooks/tikkie/fast-checkout/return?session_id=${encodeURIComponent(sessionId)}`)

    it("runs on Medusa's Postgres locking", async () => {
      const modules = getContainer().resolve(ContainerRegistrationKeys.CONFIG_MODULE).modules as Record<
        string,
        { options?: { providers?: Array<{ resolve: string }> } }
      >
      expect(modules.locking?.options?.providers?.map((p) => p.resolve)).toEqual(["@medusajs/medusa/locking-postgres"])
    })

    it("a return still settles inline after a crashed server's slots in the locking module outlived their lease", async () => {
      // What the slots of before were: locking-module keys acquired with a lease, which Postgres locking
      // never lets another owner take, however old. A server killed mid-settlement left them so.
      const locking = getContainer().resolve(Modules.LOCKING)
      const crashedSlots = Array.from({ length: INLINE_RETURN_SETTLEMENTS }, (_, i) => `tikkie:return-inline:${i}`)
      await locking.acquire(crashedSlots, { ownerId: "tikkie-return:crashed-server", expire: 1 })
      await new Promise((r) => setTimeout(r, 1_500))
      const { cart, started } = await paidWithoutWebhook()
      const back = await fastCheckoutReturn(started.payment_session_id)
      expect(back.location.searchParams.get("tikkie_status")).toBeNull()
      expect(back.location.searchParams.get("order_id")).toBe((await orderForCart(getContainer(), cart.id))!.id)
    })

    it("takes the slots from their holders only: all taken, a return hands over; when their holder dies, the next return settles inline", async () => {
      const first = await paidWithoutWebhook()
      const held = await holdInlineSlots(getContainer())
      let crashed = false
      try {
        const handedOver = await fastCheckoutReturn(first.started.payment_session_id)
        expect(handedOver.location.searchParams.get("tikkie_status")).toBe("PROCESSING")
        await settledOrder(getContainer(), first.started.order_token, first.cart.id) // by the subscriber, as a webhook's

        await held.crash() // the holding process died: Postgres ends its session and its locks
        crashed = true
        const second = await paidWithoutWebhook()
        const inline = await fastCheckoutReturn(second.started.payment_session_id)
        expect(inline.location.searchParams.get("order_id")).toBe(
          (await orderForCart(getContainer(), second.cart.id))!.id
        )
        expect(await ordersForCartCount(getContainer(), first.cart.id)).toBe(1)
      } finally {
        if (!crashed) await held.release()
      }
    })

    it("answers a return PROCESSING after about 2 s while another settlement holds the order's lock, and settles it when asked again", async () => {
      const { cart, started } = await paidWithoutWebhook()
      // A webhook's settlement of this order is waiting for a Tikkie rate slot: it holds the order's lock.
      const locking = getContainer().resolve(Modules.LOCKING)
      let endHolder!: () => void
      const holding = new Promise<void>((r) => (endHolder = r))
      let holderIn!: () => void
      const holderHasLock = new Promise<void>((r) => (holderIn = r))
      const holder = locking.execute(
        `tikkie:fast-checkout:${started.order_token}`,
        async () => (holderIn(), await holding),
        { timeout: 5, expire: 10 }
      )
      await holderHasLock
      // Before: the return shared the holder's wait (up to the 60 s lock wait); ended here after 20 s at most.
      const stop = setTimeout(endHolder, 20_000)
      try {
        const t0 = Date.now()
        const res = await request(
          `${tikkie.storeUrl}/hooks/tikkie/fast-checkout/return?session_id=${started.payment_session_id}`,
          {
            headersTimeout: 60_000,
          }
        )
        await res.body.dump()
        const ms = Date.now() - t0
        console.log(`return while the order's lock is held (Postgres locking): answered in ${ms} ms`)
        expect(res.statusCode).toBe(303)
        expect(new URL(String(res.headers.location)).searchParams.get("tikkie_status")).toBe("PROCESSING")
        expect(ms).toBeLessThan(10_000)
      } finally {
        clearTimeout(stop)
        endHolder()
        await holder
      }
      const again = await fastCheckoutReturn(started.payment_session_id)
      expect(again.location.searchParams.get("order_id")).toBe((await orderForCart(getContainer(), cart.id))!.id)
    })
  },
})
