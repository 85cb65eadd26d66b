import { Modules } from "@medusajs/framework/utils"
import { TIKKIE_MODULE } from "../../src/modules/tikkie"
import type TikkieModuleService from "../../src/modules/tikkie/service"
import { pollFastCheckoutOrders } from "../../src/jobs/poll-fast-checkout-orders"
import { pollPaymentRequests } from "../../src/jobs/poll-payment-requests"
import { paymentRequestConnection } from "../../src/workflows/payment-request/utils/payment-request-providers"
import { FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS } from "../../src/workflows/fast-checkout/utils/webhook-read-claim"
import { PAYMENT_REQUEST_READ_INTERVAL_MS } from "../../src/workflows/payment-request/utils/read-claim"
import { adminHeaders, enablePaymentLinks, PAYMENT_REQUEST_PROVIDER } from "../helpers/payment-request-env"
import {
  arriveAt,
  eventually,
  orderForCart,
  ordersForCartCount,
  type SeededStore,
  seedStore,
  storeApi,
  useReadyCarts,
} from "../helpers/store-flow"
import { clearSandboxForNextTest } from "../helpers/tikkie-sandbox-env"
import { storeSuite } from "../helpers/store-suites"

/**
 * A shopper who has paid (in another tab, or the webhook was lost, or the settlement is still
 * retrying) and starts checkout again must never be sent to pay a second time, and the paid session
 * must survive: Medusa's createPaymentSessionsWorkflow deletes a cart's other sessions.
 */
export default storeSuite("checkout-after-payment", {
  testSuite: ({ api, getContainer, tikkie }) => {
    const carts = useReadyCarts(1)
    let store: SeededStore
    let shop: ReturnType<typeof storeApi>
    const records = () => getContainer().resolve<TikkieModuleService>(TIKKIE_MODULE)

    // Seeded once: the test runner restores the database to what it was after these hooks before every test.
    beforeAll(async () => {
      store = await seedStore(getContainer())
      shop = storeApi(api, store.publishableKey)
      await enablePaymentLinks(getContainer(), store.regionId)
      await carts.make(shop, store)
    })
    beforeEach(async () => {
      await clearSandboxForNextTest(tikkie)
    })

    const newCart = () => carts.take(shop, store)
    const startFastCheckout = (cartId: string, headers: Record<string, string> = {}) =>
      api
        .post(`/store/carts/${cartId}/tikkie-fast-checkout`, {}, { headers: { ...shop.headers, ...headers } })
        .catch((e: any) => e.response)
    const startLink = (cartId: string, headers: Record<string, string> = {}) =>
      api
        .post(`/store/carts/${cartId}/tikkie-payment-request`, {}, { headers: { ...shop.headers, ...headers } })
        .catch((e: any) => e.response)
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

    /** Medusa's `order.placed` events from now on, as a subscriber of the store's event bus receives them. */
    const watchOrdersPlaced = () => {
      const eventBus = getContainer().resolve(Modules.EVENT_BUS)
      const placed: string[] = []
      const handler = async (event: { data: { id: string } }) => {
        placed.push(event.data.id)
      }
      const subscriberId = "checkout-after-payment-order-placed"
      eventBus.subscribe("order.placed", handler as never, { subscriberId })
      return { placed, stop: () => eventBus.unsubscribe("order.placed", handler as never, { subscriberId }) }
    }

    it.each([
      ["Fast Checkout", (cartId: string) => startFastCheckout(cartId)],
      [
        "express checkout",
        (cartId: string) =>
          api
            .post(`/store/carts/${cartId}/tikkie-express-checkout`, { country_code: "nl" }, { headers: shop.headers })
            .catch((e: any) => e.response),
      ],
      ["payment link", (cartId: string) => startLink(cartId)],
    ])(
      "Fast Checkout paid with the webhook lost, then starting again by %s: 409 naming the order, and Medusa's order.placed is emitted for it",
      async (_start, start) => {
        const cart = await newCart()
        const first = (await startFastCheckout(cart.id)).data
        await payWithWebhookLost(first.order_token)
        const watch = watchOrdersPlaced()
        try {
          const again = await start(cart.id)
          expect(again.status).toBe(409)
          const order = (await orderForCart(getContainer(), cart.id))!
          expect(again.data).toEqual({
            type: "conflict",
            message: `This cart has already been paid with Tikkie and is now order ${order.id}. There is nothing more to pay.`,
          })
          // The order's subscribers (confirmation mail, fulfilment) hear of it although the start was refused.
          await eventually(async () => watch.placed.includes(order.id), 10_000)
          expect(watch.placed).toEqual([order.id])
        } finally {
          watch.stop()
        }
      }
    )

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
        .post(
          `/store/payment-collections/${collectionId}/payment-sessions`,
          { provider_id: "pp_system_default" },
          { headers: shop.headers }
        )
        .catch((e: any) => e.response)
      expect(other.status).toBe(409)
      expect(other.data.message).toMatch(/already been paid/)
      const order = (await orderForCart(getContainer(), cart.id))!
      expect(order.payment_collections[0].payments.map((p: any) => p.provider_id)).toEqual([
        "pp_tikkie-fast-checkout_tikkie",
      ])
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
      // Nor can the shopper switch to Fast Checkout and pay again: a 409 (like the plugin's other "you
      // have paid" answers) whose message the storefront shows as it is.
      const fastCheckout = await startFastCheckout(cart.id)
      expect(fastCheckout.status).toBe(409)
      expect(fastCheckout.data).toEqual({
        type: "conflict",
        message: "This cart has already become an order. There is nothing more to pay.",
      })
      expect(await tikkie.control.requests("fastCheckout.createOrder")).toHaveLength(0)
    })

    it("answers the shopper in Dutch when the storefront says so (x-medusa-locale, else Accept-Language), in English otherwise", async () => {
      const cart = await newCart()
      const first = (await startLink(cart.id)).data
      await tikkie.control.post(`/_sandbox/paymentrequests/${first.payment_request_token}/pay`, {})
      const dutch = await startLink(cart.id, { "x-medusa-locale": "nl-NL" })
      expect(dutch.status).toBe(409)
      expect(dutch.data.message).toMatch(
        /^Deze winkelwagen is al met Tikkie betaald en is nu bestelling order_\w+\. Er valt niets meer te betalen\.$/
      )

      const completed = [
        [
          { "x-medusa-locale": "nl" },
          "Van deze winkelwagen is al een bestelling gemaakt. Er valt niets meer te betalen.",
        ],
        [
          { "accept-language": "nl-BE,nl;q=0.9,en;q=0.8" },
          "Van deze winkelwagen is al een bestelling gemaakt. Er valt niets meer te betalen.",
        ],
        [
          { "x-medusa-locale": "en-GB", "accept-language": "nl" },
          "This cart has already become an order. There is nothing more to pay.",
        ],
        [{ "accept-language": "de-DE" }, "This cart has already become an order. There is nothing more to pay."],
      ] as const
      for (const [headers, message] of completed) {
        const answer = await startFastCheckout(cart.id, headers)
        expect([answer.status, answer.data.message]).toEqual([409, message])
      }
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

    /** Until the read claim taken (at the latest) at `claimedBy` has lapsed: the next caller may read. */
    const afterReadInterval = async (claimedBy: number, intervalMs: number) => {
      const left = claimedBy + intervalMs + 50 - Date.now()
      if (left > 0) await new Promise((r) => setTimeout(r, left))
    }

    describe("the poll under the per-order read claim", () => {
      const fastCheckoutReads = async (orderToken: string) =>
        (await tikkie.control.requests("fastCheckout.getOrder")).filter((r) => r.path.endsWith(`/${orderToken}`)).length
      const linkReads = async (token: string) =>
        (await tikkie.control.requests("paymentRequestsV2.getPaymentRequest")).filter((r) =>
          r.path.endsWith(`/${token}`)
        ).length
      const inTwoMinutes = () => new Date(Date.now() + 2 * 60_000)

      it("Fast Checkout: inside a return's read interval the poll leaves the order due and reads nothing; the first run after it reads the order and completes it (webhook lost)", async () => {
        const cart = await newCart()
        const started = (await startFastCheckout(cart.id)).data
        const back = await arriveAt(
          `${tikkie.storeUrl}/hooks/tikkie/fast-checkout/return?session_id=${started.payment_session_id}`
        )
        const claimedBy = Date.now()
        expect(back.location.searchParams.get("tikkie_status")).toBe("NEW")
        expect(await fastCheckoutReads(started.order_token)).toBe(1)
        await payWithWebhookLost(started.order_token)

        // Due (a return makes it due at the next run), but read moments ago: left for a later run.
        expect(await pollFastCheckoutOrders(getContainer())).toEqual([])
        expect(await pollFastCheckoutOrders(getContainer(), { now: inTwoMinutes() })).toEqual([])
        expect(await fastCheckoutReads(started.order_token)).toBe(1)
        const [waiting] = await records().listFastCheckoutOrders({ order_token: started.order_token })
        expect(waiting.next_check_at!.getTime()).toBeLessThanOrEqual(Date.now())

        await afterReadInterval(claimedBy, FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS)
        const order = await pollFastCheckoutOrders(getContainer())
        expect(order).toEqual([{ outcome: "completed", orderId: (await orderForCart(getContainer(), cart.id))!.id }])
        expect(await fastCheckoutReads(started.order_token)).toBe(2)
        expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
      })

      it("payment link: the poll's read counts toward the link's interval (a return inside it answers from the record, the next run reads nothing); the first run after it reads the link and completes the order (notification lost)", async () => {
        const cart = await newCart()
        const { data: started } = await startLink(cart.id)
        const token = started.payment_request_token as string
        expect(await pollPaymentRequests(getContainer())).toEqual([{ outcome: "pending" }])
        const claimedBy = Date.now()
        expect(await linkReads(token)).toBe(1)

        // A return inside the poll's interval: no read, and never "not paid" from the poll's older read.
        const back = await arriveAt(
          `${tikkie.storeUrl}/hooks/tikkie/payment-requests/return?session_id=${started.payment_session_id}`
        )
        expect(back.location.searchParams.get("tikkie_status")).toBe("PROCESSING")
        // No notification subscription in this file: the store hears of the payment only by reading Tikkie.
        await tikkie.control.post(`/_sandbox/paymentrequests/${token}/pay`, {})
        expect(await pollPaymentRequests(getContainer(), { now: inTwoMinutes() })).toEqual([])
        expect(await linkReads(token)).toBe(1)

        await afterReadInterval(claimedBy, PAYMENT_REQUEST_READ_INTERVAL_MS)
        const orderId = (await pollPaymentRequests(getContainer(), { now: inTwoMinutes() }))[0]
        expect(orderId).toEqual({ outcome: "completed", orderId: (await orderForCart(getContainer(), cart.id))!.id })
        expect(await linkReads(token)).toBe(2)
        expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
      })
    })

    describe("completion retry budget", () => {
      it("five failed completions of a paid Fast Checkout order within a minute do not end the poll's retries; the budget's time does", async () => {
        const cart = await newCart()
        const started = (await startFastCheckout(cart.id)).data
        await shop.addItem(cart.id, store.variantIds["drop-1"], 1)
        await payWithWebhookLost(started.order_token)
        const record = async () => (await records().listFastCheckoutOrders({ order_token: started.order_token }))[0]
        const reads = async () => (await tikkie.control.requests("fastCheckout.getOrder")).length

        // One read per run, each run after the order's read interval: a run inside it reads nothing.
        const t0 = Date.now()
        for (let i = 0; i < 5; i++) {
          const before = await reads()
          expect(await pollFastCheckoutOrders(getContainer())).toEqual([
            expect.objectContaining({ outcome: "problem" }),
          ])
          const claimedBy = Date.now()
          expect(await pollFastCheckoutOrders(getContainer())).toEqual([])
          expect(await reads()).toBe(before + 1)
          if (i < 4) await afterReadInterval(claimedBy, FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS)
        }
        const failed = await record()
        expect(failed.attempts).toBe(5)
        expect(failed.problem).toMatch(/cart changed after checkout started/)
        expect(Date.now() - t0).toBeLessThan(60_000)

        // Within the budget the poll keeps reading it (a passing cause would complete it now).
        await afterReadInterval(Date.now(), FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS)
        const readsBefore = await reads()
        expect(await pollFastCheckoutOrders(getContainer(), { now: new Date(t0 + 60_000) })).toEqual([
          expect.objectContaining({ outcome: "problem" }),
        ])
        expect(await reads()).toBe(readsBefore + 1)
        expect((await record()).attempts).toBe(6)

        // Once the budget has passed (15 minutes from the first failure) the poll leaves it to a person.
        await afterReadInterval(Date.now(), FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS)
        expect(await pollFastCheckoutOrders(getContainer(), { now: new Date(t0 + 16 * 60_000) })).toEqual([])
        const kept = await record()
        expect(kept.problem).toMatch(/cart changed after checkout started/)
        expect(kept.medusa_order_id).toBeNull()
      })

      it("a paid link whose completion failed five times within a minute is still polled until the budget has passed", async () => {
        const cart = await newCart()
        const { data: started } = await startLink(cart.id)
        await tikkie.control.setDeliveryBehaviour("fail", 100)
        await tikkie.control.post(`/_sandbox/paymentrequests/${started.payment_request_token}/pay`, {})
        const record = async () =>
          (await records().listPaymentRequests({ payment_request_token: started.payment_request_token }))[0]
        // Its session is gone (the cart was changed by hand): every completion fails with a problem.
        const session = (await record()).payment_session_id!
        const { Modules } = await import("@medusajs/framework/utils")
        await getContainer().resolve(Modules.PAYMENT).deletePaymentSession(session)

        // One read per run, each run after the link's read interval: a run inside it reads nothing.
        const t0 = Date.now()
        for (let i = 0; i < 5; i++) {
          expect(await pollPaymentRequests(getContainer())).toEqual([expect.objectContaining({ outcome: "problem" })])
          const claimedBy = Date.now()
          expect(await pollPaymentRequests(getContainer())).toEqual([])
          expect((await record()).attempts).toBe(i + 1)
          await afterReadInterval(claimedBy, PAYMENT_REQUEST_READ_INTERVAL_MS)
        }
        expect(await record()).toMatchObject({
          attempts: 5,
          problem: expect.stringMatching(/payment session no longer exists/),
        })
        expect(Date.now() - t0).toBeLessThan(60_000)

        const within = await pollPaymentRequests(getContainer(), { now: new Date(t0 + 60_000) })
        expect(within).toEqual([expect.objectContaining({ outcome: "problem" })])
        expect((await record()).attempts).toBe(6)
        // Past the budget, and past the read interval (so the claim does not answer for the budget).
        await afterReadInterval(Date.now(), PAYMENT_REQUEST_READ_INTERVAL_MS)
        expect(await pollPaymentRequests(getContainer(), { now: new Date(t0 + 16 * 60_000) })).toEqual([])
      })
    })

    describe("a cart with many earlier checkouts", () => {
      /** Reads of payment links at Tikkie: each settlement of a link reads the request and its payments. */
      const linkReads = async () =>
        (await tikkie.control.requests("paymentRequestsV2.getPaymentRequest")).length +
        (await tikkie.control.requests("paymentRequestsV2.listPayments")).length

      /**
       * `count` open links of one cart, as a shopper who restarted the link checkout that often (the cart
       * changed in between) leaves them: the last one started through the Store API (its session is the
       * cart's), the earlier ones made at the sandbox and recorded as the plugin records them, a minute
       * apart. Answers their tokens, newest first. (Starting 50 through the Store API would cost the
       * earlier checkouts' guard thousands of reads before the test begins.)
       */
      const openLinks = async (cartId: string, count: number): Promise<string[]> => {
        const started = await startLink(cartId)
        expect(started.status).toBe(200)
        const [last] = await records().listPaymentRequests({
          payment_request_token: started.data.payment_request_token,
        })
        const { client } = await paymentRequestConnection(getContainer(), PAYMENT_REQUEST_PROVIDER)
        for (let i = 1; i < count; i++) {
          const made = await client.createPaymentRequest({
            description: last.description,
            amountInCents: Number(last.amount_in_cents),
            referenceId: last.reference_id ?? undefined,
            expiryDate: last.expiry_date,
          })
          await records().createPaymentRequests({
            payment_request_token: made.paymentRequestToken,
            kind: "checkout",
            provider_id: last.provider_id,
            url: made.url,
            description: last.description,
            reference_id: last.reference_id,
            amount_in_cents: Number(last.amount_in_cents),
            expiry_date: last.expiry_date,
            status: "OPEN",
            cart_id: cartId,
            payment_collection_id: last.payment_collection_id,
            success_url: last.success_url,
            failure_url: last.failure_url,
            created_at: new Date(Date.now() - i * 60_000),
          } as never)
        }
        const links = await records().listPaymentRequests({ cart_id: cartId }, { order: { created_at: "DESC" } })
        expect(links).toHaveLength(count)
        return links.map((l) => l.payment_request_token)
      }

      it("50 open links: a POST for another provider makes at most 6 reads at Tikkie, answers 409 'still confirming' without waiting on the other links, which the workers read; later POSTs read at most the newest link again", async () => {
        const cart = await newCart()
        const tokens = await openLinks(cart.id, 50)
        const collectionId = (await shop.getCart(cart.id)).payment_collection.id
        const postSession = () =>
          api
            .post(
              `/store/payment-collections/${collectionId}/payment-sessions`,
              { provider_id: "pp_system_default" },
              { headers: shop.headers, timeout: 30_000 }
            )
            .catch((e: any) => e.response ?? { status: undefined, data: { message: String(e) } })

        // The workers start reading the handed-over links the moment the POST hands them over, so their
        // reads would race the count: their locks are held (as by a settlement elsewhere) until it is taken.
        // The POST reads the newest links first; every other one's settlement waits on a held lock.
        const locking = getContainer().resolve(Modules.LOCKING)
        const held = tokens.slice(3).map((t) => `tikkie:payment-request:${t}`)
        await locking.acquire(held, { ownerId: "test-other-settlements", expire: 120 })
        await tikkie.control.clearRequests()
        const began = Date.now()
        const answer = await postSession()
        const answeredInMs = Date.now() - began
        const reads = await linkReads()
        await locking.release(held, { ownerId: "test-other-settlements" })
        console.log(
          `50 open links, one POST .../payment-sessions: ${reads} reads at the sandbox, answered ${answer.status} in ${answeredInMs} ms`
        )

        expect(answer.status).toBe(409)
        expect(answer.data.message).toMatch(/still confirming an earlier Tikkie payment/)
        expect(reads).toBeGreaterThan(0)
        expect(reads).toBeLessThanOrEqual(6)
        // The session the last link is paid through is still the cart's.
        const sessions = (await shop.getCart(cart.id)).payment_collection.payment_sessions
        expect(sessions.map((s: any) => s.provider_id)).toEqual([PAYMENT_REQUEST_PROVIDER])

        // The workers read every other link (a read that timed out on this busy machine is read again: count links, not reads).
        await eventually(
          async () => (await records().listPaymentRequests({ cart_id: cart.id, last_checked_at: null })).length === 0,
          60_000
        )
        const readTokens = new Set(
          (await tikkie.control.requests("paymentRequestsV2.getPaymentRequest")).map((r) => r.path.split("/").pop())
        )
        expect([...readTokens].sort()).toEqual([...tokens].sort())

        // Every link was read in the last seconds, none paid: the next POSTs read at most the newest link
        // again (the one a shopper may be paying right now), and the shopper may pay otherwise.
        await tikkie.control.clearRequests()
        const again = await postSession()
        expect(again.status).toBe(200)
        const [newest] = tokens
        const readAgain = async () =>
          new Set(
            (await tikkie.control.requests("paymentRequestsV2.getPaymentRequest")).map((r) => r.path.split("/").pop())
          )
        expect([...(await readAgain())].every((t) => t === newest)).toBe(true)
        const afterwards = await postSession()
        expect(afterwards.status).toBe(200)
        expect([...(await readAgain())].every((t) => t === newest)).toBe(true)
        expect(await linkReads()).toBeLessThanOrEqual(4)
      })
    })

    it("an earlier Fast Checkout being settled elsewhere (its lock held) does not hold the POST for the lock's minute: 409 'still confirming', and it completes once free", async () => {
      const cart = await newCart()
      const first = (await startFastCheckout(cart.id)).data
      await payWithWebhookLost(first.order_token)
      const collectionId = (await shop.getCart(cart.id)).payment_collection.id
      const postSession = () =>
        api
          .post(
            `/store/payment-collections/${collectionId}/payment-sessions`,
            { provider_id: "pp_system_default" },
            { headers: shop.headers, timeout: 30_000 }
          )
          .catch((e: any) => e.response ?? { status: undefined, data: { message: String(e) } })

      const locking = getContainer().resolve(Modules.LOCKING)
      const key = `tikkie:fast-checkout:${first.order_token}`
      await locking.acquire(key, { ownerId: "test-settlement-elsewhere", expire: 120 })
      await tikkie.control.clearRequests()
      const began = Date.now()
      const busy = await postSession()
      const answeredInMs = Date.now() - began
      await locking.release(key, { ownerId: "test-settlement-elsewhere" })
      console.log(
        `Fast Checkout order's lock held elsewhere: POST .../payment-sessions answered ${busy.status} in ${answeredInMs} ms`
      )

      expect(busy.status).toBe(409)
      expect(busy.data.message).toMatch(/still confirming an earlier Tikkie payment/)
      expect(await tikkie.control.requests("fastCheckout.getOrder")).toHaveLength(0)
      const sessions = (await shop.getCart(cart.id)).payment_collection.payment_sessions
      expect(sessions.map((s: any) => s.id)).toEqual([first.payment_session_id])

      const later = await postSession()
      expect(later.status).toBe(409)
      expect(later.data.message).toMatch(/already been paid/)
      expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
    })

    describe("paid, no order yet", () => {
      const HOUR = 3_600_000
      const paidWithoutOrder = async () => {
        const headers = await adminHeaders(api, getContainer())
        return (await api.get("/admin/tikkie/paid-without-order", { headers })).data
      }

      it("a Fast Checkout order read PAID whose reads then fail is polled past its expiry, listed with its age, and a problem after a day", async () => {
        const cart = await newCart()
        const { data: started } = await startFastCheckout(cart.id)
        await tikkie.control.setDeliveryBehaviour("fail", 100)
        await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
        // Read PAID once (then the store went down before completing it), and from now on Tikkie fails every read.
        const [record] = await records().listFastCheckoutOrders({ order_token: started.order_token })
        await records().updateFastCheckoutOrders({ id: record.id, status: "PAID" })
        await tikkie.control.injectFault("fastCheckout.getOrder", "503", 1_000)

        const inAnHour = await pollFastCheckoutOrders(getContainer(), { now: new Date(Date.now() + HOUR) })
        expect(inAnHour).toEqual([expect.objectContaining({ outcome: "retry" })])
        const listed = await paidWithoutOrder()
        expect(listed.count).toBe(1)
        expect(listed.paid_without_order).toEqual([
          expect.objectContaining({
            source: "fast_checkout",
            token: started.order_token,
            cart_id: cart.id,
            problem: null,
            paid_in_cents: Math.round(cart.total * 100),
          }),
        ])
        expect(listed.paid_without_order[0].age_minutes).toBeGreaterThanOrEqual(0)

        // Two days on, long past the order's expiry: still polled, and now a problem the admin sees; the poll stops.
        await afterReadInterval(Date.now(), FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS)
        const later = new Date(Date.now() + 48 * HOUR)
        expect(await pollFastCheckoutOrders(getContainer(), { now: later })).toEqual([
          expect.objectContaining({ outcome: "retry" }),
        ])
        const [after] = (await paidWithoutOrder()).paid_without_order
        expect(after.problem).toMatch(
          /^Paid at Tikkie 4[78] hours ago and still no order: the last try said "Reading the Tikkie Fast Checkout order failed: .*"\. The poll has stopped retrying/
        )
        await afterReadInterval(Date.now(), FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS)
        expect(await pollFastCheckoutOrders(getContainer(), { now: new Date(later.getTime() + HOUR) })).toEqual([])
        expect((await paidWithoutOrder()).count).toBe(1)
      })

      it("a paid checkout link is polled after its expiry date, and becomes a problem a day after its payment", async () => {
        const cart = await newCart()
        const { data: started } = await startLink(cart.id)
        await tikkie.control.setDeliveryBehaviour("fail", 100)
        const paid = await tikkie.control.post<{ paymentToken: string; amountInCents: number }>(
          `/_sandbox/paymentrequests/${started.payment_request_token}/pay`,
          {}
        )
        // Its payment was read once; then Tikkie fails every read.
        const [record] = await records().listPaymentRequests({ payment_request_token: started.payment_request_token })
        const payment = {
          paymentToken: paid.paymentToken,
          tikkieId: "1",
          amountInCents: paid.amountInCents,
          createdDateTime: new Date().toISOString(),
          refunds: [],
        }
        await records().updatePaymentRequests({ id: record.id, payments: { items: [payment] } } as never)
        await tikkie.control.injectFault("paymentRequestsV2.getPaymentRequest", "503", 1_000)

        // Three days on: the link expired two days ago, yet it is read again.
        const later = new Date(Date.now() + 72 * HOUR)
        expect(await pollPaymentRequests(getContainer(), { now: later })).toEqual([
          expect.objectContaining({ outcome: "retry" }),
        ])
        const [listed] = (await paidWithoutOrder()).paid_without_order
        expect(listed).toEqual(
          expect.objectContaining({
            source: "checkout",
            token: started.payment_request_token,
            paid_in_cents: paid.amountInCents,
          })
        )
        expect(listed.problem).toMatch(/^Paid at Tikkie 7[12] hours ago and still no order/)
        await afterReadInterval(Date.now(), PAYMENT_REQUEST_READ_INTERVAL_MS)
        expect(await pollPaymentRequests(getContainer(), { now: new Date(later.getTime() + HOUR) })).toEqual([])
      })
    })
  },
})
