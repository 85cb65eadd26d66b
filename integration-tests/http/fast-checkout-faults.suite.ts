import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import {
  FAST_CHECKOUT_GET_ORDER_KEY,
  RATE_WINDOW_HELD,
  type SqlConnection,
} from "../../src/modules/tikkie/database-rate-limiter"
import { pollFastCheckoutOrders } from "../../src/jobs/poll-fast-checkout-orders"
import { FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS } from "../../src/workflows/fast-checkout/utils/webhook-read-claim"
import { settleFastCheckoutOrderWorkflow } from "../../src/workflows"
import { TIKKIE_MODULE } from "../../src/modules/tikkie"
import type TikkieModuleService from "../../src/modules/tikkie/service"
import {
  arriveAt,
  eventually,
  orderForCart,
  ordersForCartCount,
  settledOrder,
  type SeededStore,
  seedStore,
  storeApi,
  stroopwafelsAndMugCart,
} from "../helpers/store-flow"
import { clearSandboxForNextTest } from "../helpers/tikkie-sandbox-env"
import { refuseCaptureBookings } from "../helpers/refuse-capture-booking"
import { storeSuite } from "../helpers/store-suites"
import { leaveHalfMade as leaveHalfMadeAt } from "../helpers/half-made"
import { failingAfter } from "../helpers/failing-after"
import { finishHalfMadeOrderWorkflow } from "../../src/workflows/checkout/finish-half-made-order"

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
      // The return's read counts toward the order's read interval: each run comes after one.
      for (let i = 0; i < 3 && (await ordersForCartCount(getContainer(), cart.id)) === 0; i++) {
        await new Promise((r) => setTimeout(r, FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS))
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
    /** What a process dying at the order's link to its cart leaves (helpers/half-made.ts): the order alone. */
    const leaveHalfMade = (orderToken: string) =>
      leaveHalfMadeAt(
        getContainer(),
        async () =>
          (await settleFastCheckoutOrderWorkflow(getContainer()).run({ input: { orderToken, source: "poll" } })).result,
        "order_cart"
      )

    it("links left to a deleted order by an attempt whose undo did not end are dismissed: the next settlement makes the one order", async () => {
      const container = getContainer()
      const { cart, started } = await paidWithoutWebhook()
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const {
        data: [withCollection],
      } = await query.graph({ entity: "cart", fields: ["payment_collection.id"], filters: { id: cart.id } })
      const collectionId = (withCollection as { payment_collection: { id: string } }).payment_collection.id
      // What such an attempt leaves: the cart stamped for this payment, its order deleted, the links kept.
      await container
        .resolve(Modules.CART)
        .updateCarts(cart.id, { metadata: { ...(cart.metadata ?? {}), tikkie_completion: started.order_token } })
      const orderModule = container.resolve(Modules.ORDER)
      const [gone] = await orderModule.createOrders([{ currency_code: "eur", email: "gone@example.com" }])
      await container.resolve(ContainerRegistrationKeys.LINK).create([
        { [Modules.ORDER]: { order_id: gone.id }, [Modules.CART]: { cart_id: cart.id } },
        { [Modules.ORDER]: { order_id: gone.id }, [Modules.PAYMENT]: { payment_collection_id: collectionId } },
      ])
      await orderModule.softDeleteOrders([gone.id])

      const { result } = await settleFastCheckoutOrderWorkflow(container).run({
        input: { orderToken: started.order_token, source: "poll" },
      })
      const order = (await orderForCart(container, cart.id))!
      expect(result).toEqual({ outcome: "completed", orderId: order.id })
      expect(order.id).not.toBe(gone.id)
      const [payment] = order.payment_collections.flatMap((pc: any) => pc.payments)
      expect(payment.captured_at).toBeTruthy()
      const { data: collectionLinks } = await query.graph({
        entity: "order_payment_collection",
        fields: ["order_id"],
        filters: { payment_collection_id: collectionId },
      })
      expect(collectionLinks.map((l: any) => l.order_id)).toEqual([order.id])
    })
    it("an order left half made by a completion that did not end (its database connection cut) is finished by the next settlement, never made twice", async () => {
      const container = getContainer()
      const { cart, started } = await paidWithoutWebhook()
      const { ordersSince, pg } = await leaveHalfMade(started.order_token)
      expect(await ordersSince()).toHaveLength(1)
      expect(await orderForCart(container, cart.id)).toBeUndefined()

      // The next settlement (the poll, a webhook, a return on another instance) finds it and finishes it.
      const { result } = await settleFastCheckoutOrderWorkflow(container).run({
        input: { orderToken: started.order_token, source: "poll" },
      })
      const orders = await ordersSince()
      expect(orders).toHaveLength(1)
      expect(result).toEqual({ outcome: "completed", orderId: orders[0] })
      const order = (await orderForCart(container, cart.id))!
      expect(order.id).toBe(orders[0])
      const [payment] = order.payment_collections.flatMap((pc: any) => pc.payments)
      expect(payment.captured_at).toBeTruthy()
      expect(payment.data.orderToken).toBe(started.order_token)
      // Paid in the order's own books (its capture transaction), and its stock reserved once.
      const { rows: transactions } = await pg.raw(
        `select reference from order_transaction where order_id = ? and deleted_at is null`,
        [order.id]
      )
      expect(transactions.map((t) => t.reference)).toEqual(["capture"])
      // Reserved once, for the quantities ordered (three packs, one mug), at the shop's stock location.
      const { rows: reservations } = await pg.raw(
        `select r.quantity::int as quantity, r.location_id from reservation_item r
          join order_line_item li on li.id = r.line_item_id join order_item oi on oi.item_id = li.id
          where oi.order_id = ? and r.deleted_at is null order by r.quantity`,
        [order.id]
      )
      const { data: locations } = await container
        .resolve(ContainerRegistrationKeys.QUERY)
        .graph({ entity: "stock_location", fields: ["id"] })
      expect(locations).toHaveLength(1)
      expect(reservations).toEqual([
        { quantity: 1, location_id: locations[0].id },
        { quantity: 3, location_id: locations[0].id },
      ])
      const { rows: carts } = await pg.raw(`select completed_at from cart where id = ?`, [cart.id])
      expect(carts[0].completed_at).toBeTruthy()
      const tikkieRecord = await pg.raw(
        `select medusa_order_id from tikkie_fast_checkout_order where order_token = ?`,
        [started.order_token]
      )
      expect(tikkieRecord.rows[0].medusa_order_id).toBe(order.id)
    })

    it("an order left half made whose mug sold out meanwhile is still finished: paid and placed, its stock left unreserved and the error logged", async () => {
      const container = getContainer()
      const { cart, started } = await paidWithoutWebhook()
      const { ordersSince, pg } = await leaveHalfMade(started.order_token)
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const {
        data: [mug],
      } = await query.graph({
        entity: "variant",
        fields: ["inventory_items.inventory_item_id", "inventory_items.inventory.location_levels.location_id"],
        filters: { id: store.variantIds["delfts-blauw-mok-1"] },
      })
      const item = (mug as any).inventory_items[0]
      await container.resolve(Modules.INVENTORY).updateInventoryLevels([
        {
          inventory_item_id: item.inventory_item_id,
          location_id: item.inventory.location_levels[0].location_id,
          stocked_quantity: 0,
        },
      ])

      const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
      const error = jest.spyOn(logger, "error")
      let result: unknown
      let errors: string[]
      try {
        ;({ result } = await settleFastCheckoutOrderWorkflow(container).run({
          input: { orderToken: started.order_token, source: "poll" },
        }))
      } finally {
        errors = error.mock.calls.map(([m]) => String(m))
        error.mockRestore()
      }
      const [orderId] = await ordersSince()
      expect(await ordersSince()).toEqual([orderId])
      expect(result).toEqual({ outcome: "completed", orderId })
      const order = (await orderForCart(container, cart.id))!
      expect(order.id).toBe(orderId)
      expect(order.payment_collections.flatMap((pc: any) => pc.payments)[0].captured_at).toBeTruthy()
      const { rows: reservations } = await pg.raw(
        `select count(*)::int as n from reservation_item r join order_line_item li on li.id = r.line_item_id
          join order_item oi on oi.item_id = li.id where oi.order_id = ? and r.deleted_at is null`,
        [orderId]
      )
      expect(reservations[0].n).toBe(0)
      expect(errors).toContainEqual(
        expect.stringMatching(new RegExp(`^Medusa order ${orderId}: its stock could not be reserved`))
      )
    })

    it("a finish of a half-made order that fails after reserving its stock takes the reservations back: the next settlement reserves once", async () => {
      const container = getContainer()
      const { cart, started } = await paidWithoutWebhook()
      const { ordersSince, pg } = await leaveHalfMade(started.order_token)
      const [orderId] = await ordersSince()
      const reserved = async () =>
        (
          await pg.raw(
            `select r.quantity::int as quantity from reservation_item r
              join order_line_item li on li.id = r.line_item_id join order_item oi on oi.item_id = li.id
              where oi.order_id = ? and r.deleted_at is null order by r.quantity`,
            [orderId]
          )
        ).rows.map((r) => r.quantity)

      // The module's own methods, watched (each call goes through): what the finish made, and took back.
      const inventory = container.resolve(Modules.INVENTORY)
      const made = jest.spyOn(inventory, "createReservationItems")
      const deleted = jest.spyOn(inventory, "deleteReservationItems")
      let errors: any[]
      try {
        ;({ errors } = await failingAfter(
          finishHalfMadeOrderWorkflow(container),
          "tikkie-reserve-half-made-order-stock"
        ).run({
          input: { cartId: cart.id, paymentSessionId: started.payment_session_id, orderId },
          throwOnError: false,
        }))
        expect(made).toHaveBeenCalledTimes(1)
        const madeIds = (await made.mock.results[0].value).map((r: { id: string }) => r.id)
        expect(madeIds).toHaveLength(2)
        expect(deleted.mock.calls.map(([ids]) => [ids].flat().sort())).toEqual([madeIds.sort()])
      } finally {
        made.mockRestore()
        deleted.mockRestore()
      }
      expect(errors.map((e: any) => e.error?.message)).toEqual(["a later step failed"])
      expect(await reserved()).toEqual([])

      // Its links stay (the cart reads as completed): the settlement finds the order already there.
      const { result } = await settleFastCheckoutOrderWorkflow(container).run({
        input: { orderToken: started.order_token, source: "poll" },
      })
      expect(result).toEqual({ outcome: "already-completed", orderId })
      expect((await orderForCart(container, cart.id))?.id).toBe(orderId)
      expect(await reserved()).toEqual([1, 3])
      expect(await ordersSince()).toEqual([orderId])
    })

    it("a failure after completeCartWorkflow placed the order (the record's write refused) keeps the order and its capture: the settlement answers completed, the next one records it", async () => {
      const container = getContainer()
      const { cart, started } = await paidWithoutWebhook()
      const pg = container.resolve<SqlConnection>(ContainerRegistrationKeys.PG_CONNECTION)
      const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
      // Only the write naming the order is refused: the settlement's last step fails, after the order exists.
      await pg.raw(
        `create or replace function tikkie_test_refuse_order() returns trigger language plpgsql as $$
        begin if new.medusa_order_id is not null then raise exception 'the record refuses its order'; end if; return new; end $$`,
        []
      )
      await pg.raw(
        `create trigger tikkie_test_refuse_order before update on tikkie_fast_checkout_order
        for each row execute function tikkie_test_refuse_order()`,
        []
      )
      let first: unknown
      try {
        first = (
          await settleFastCheckoutOrderWorkflow(container).run({
            input: { orderToken: started.order_token, source: "poll" },
          })
        ).result
      } finally {
        await pg.raw(`drop trigger if exists tikkie_test_refuse_order on tikkie_fast_checkout_order`, [])
      }
      const order = (await orderForCart(container, cart.id))!
      expect(first).toEqual({ outcome: "completed", orderId: order.id })
      // Medusa's undo of the completion did not run: the order stands, its payment captured, nothing refunded.
      const [payment] = order.payment_collections.flatMap((pc: any) => pc.payments)
      expect(payment.captured_at).toBeTruthy()
      const { data: withRefunds } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
        entity: "order",
        fields: ["payment_collections.payments.refunds.id"],
        filters: { id: order.id },
      })
      expect((withRefunds[0] as any).payment_collections.flatMap((pc: any) => pc.payments[0].refunds ?? [])).toEqual([])
      expect((await tikkie.listFastCheckoutOrders({ order_token: started.order_token }))[0].medusa_order_id).toBeNull()

      const { result: again } = await settleFastCheckoutOrderWorkflow(container).run({
        input: { orderToken: started.order_token, source: "poll" },
      })
      expect(again).toEqual({ outcome: "already-completed", orderId: order.id })
      expect((await tikkie.listFastCheckoutOrders({ order_token: started.order_token }))[0].medusa_order_id).toBe(
        order.id
      )
      expect(await ordersForCartCount(container, cart.id)).toBe(1)
    })

    it("a completion cut by a lost database connection is tried again within seconds, without the poll, and not recorded as a problem", async () => {
      const container = getContainer()
      const { cart, started } = await paidWithoutWebhook()
      const t0 = Date.now()
      const { outcome, ordersSince } = await leaveHalfMade(started.order_token)
      expect(outcome).toMatchObject({ outcome: "retry" })
      // No poll runs here (TIKKIE_SCHEDULED_JOBS=off): the retry the settlement scheduled makes the order.
      // Made whole: the record names it once it is (its payment captured first).
      const order = await settledOrder(container, started.order_token, cart.id, 30_000)
      console.log(
        `    half-made order finished ${((Date.now() - t0) / 1000).toFixed(1)} s after the cut settlement began`
      )
      expect(await ordersSince()).toEqual([order.id])
      expect(order.payment_collections.flatMap((pc: any) => pc.payments)[0].captured_at).toBeTruthy()
      const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
      const [record] = await tikkie.listFastCheckoutOrders({ order_token: started.order_token })
      expect(record.problem).toBeNull()
      expect(record.medusa_order_id).toBe(order.id)
    })
    it("a completion Medusa undoes after capturing the payment keeps the paid session: nothing refunded, the order made on the next try", async () => {
      const container = getContainer()
      const { cart, started } = await paidWithoutWebhook()
      const pg = container.resolve<SqlConnection>(ContainerRegistrationKeys.PG_CONNECTION)
      const query = container.resolve(ContainerRegistrationKeys.QUERY)
      const liftFault = await refuseCaptureBookings(pg)
      let first: unknown
      try {
        first = (
          await settleFastCheckoutOrderWorkflow(container).run({
            input: { orderToken: started.order_token, source: "poll" },
          })
        ).result
      } finally {
        await liftFault()
      }
      expect(first).not.toMatchObject({ outcome: "completed" })
      // Medusa's undo tried to refund the payment and give the cart a new session: both refused.
      const {
        data: [withSessions],
      } = await query.graph({
        entity: "cart",
        fields: ["payment_collection.payment_sessions.id", "payment_collection.payments.refunds.id"],
        filters: { id: cart.id },
      })
      const collection = (withSessions as any).payment_collection
      expect(collection.payment_sessions.map((s: { id: string }) => s.id)).toEqual([started.payment_session_id])
      expect(collection.payments.flatMap((p: any) => p.refunds ?? [])).toEqual([])

      // The next settlement (here the poll's) makes the one order.
      await pollFastCheckoutOrders(container)
      const order = await settledOrder(container, started.order_token, cart.id)
      expect(await ordersForCartCount(container, cart.id)).toBe(1)
      const [payment] = order.payment_collections.flatMap((pc: any) => pc.payments)
      expect(payment.captured_at).toBeTruthy()
      expect(payment.data.orderToken).toBe(started.order_token)
      const [record] = await container
        .resolve<TikkieModuleService>(TIKKIE_MODULE)
        .listFastCheckoutOrders({ order_token: started.order_token })
      expect(record).toMatchObject({ problem: null, medusa_order_id: order.id })
    })
  },
})
