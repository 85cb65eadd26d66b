import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { randomBytes } from "node:crypto"
import { request } from "undici"
import { DatabaseRateLimiter, RateLimitWaitExceeded } from "../../src/modules/tikkie/database-rate-limiter"
import { FAST_CHECKOUT_WEBHOOK_EVENT, PAYMENT_REQUEST_NOTIFICATION_EVENT } from "../../src/workflows/utils/events"
import {
  claimFastCheckoutWebhookRead,
  FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS,
} from "../../src/workflows/fast-checkout/utils/webhook-read-claim"
import { mapConcurrently } from "../../src/utils/map-concurrently"
import { PAYMENT_REQUEST_READ_INTERVAL_MS } from "../../src/workflows/payment-request/utils/read-claim"
import { TIKKIE_MODULE } from "../../src/modules/tikkie"
import type TikkieModuleService from "../../src/modules/tikkie/service"
import { subscribePaymentRequestNotifications } from "../../src/workflows/payment-request/utils/subscribe-notifications"
import { holdInlineSlots } from "../helpers/inline-slots"
import { enablePaymentLinks } from "../helpers/payment-request-env"
import {
  arriveAt,
  eventually,
  orderForCart,
  ordersForCartCount,
  type SeededStore,
  seedStore,
  settledOrder,
  storeApi,
  useReadyCarts,
} from "../helpers/store-flow"
import { clearSandboxForNextTest } from "../helpers/tikkie-sandbox-env"
import { storeSuite } from "../helpers/store-suites"

/**
 * The public hooks under abuse: malformed and oversized tokens, floods of forged webhooks, duplicates
 * of settled ones, Medusa's generic /hooks/payment route, and return routes that must not make the
 * shopper wait on work the record already answers.
 */
export default storeSuite("hooks-abuse", {
  testSuite: ({ api, getContainer, tikkie }) => {
    const carts = useReadyCarts(3)
    let store: SeededStore
    let shop: ReturnType<typeof storeApi>
    const records = () => getContainer().resolve<TikkieModuleService>(TIKKIE_MODULE)
    const record = async (orderToken: string) =>
      (await records().listFastCheckoutOrders({ order_token: orderToken }))[0]

    // Seeded once: the test runner restores the database to what it was after these hooks before every test.
    beforeAll(async () => {
      store = await seedStore(getContainer())
      shop = storeApi(api, store.publishableKey)
      await carts.make(shop, store)
    })
    beforeEach(async () => {
      await clearSandboxForNextTest(tikkie)
    })

    const newCart = () => carts.take(shop, store)

    const post = async (path: string, body: unknown) => {
      const res = await request(`${tikkie.storeUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      })
      const text = await res.body.text()
      const json = String(res.headers["content-type"] ?? "").includes("json")
      return {
        status: res.statusCode,
        body: (json ? JSON.parse(text) : { text }) as { type?: string; message?: string; text?: string },
      }
    }
    const webhook = (body: unknown) => post("/hooks/tikkie/fast-checkout", body)
    const notify = (body: unknown) => post("/hooks/tikkie/payment-requests", body)
    const fastCheckoutReturn = (sessionId: string) =>
      arriveAt(`${tikkie.storeUrl}/hooks/tikkie/fast-checkout/return?session_id=${encodeURIComponent(sessionId)}`)
    const getOrderCalls = async (orderToken?: string) =>
      (await tikkie.control.requests("fastCheckout.getOrder")).filter(
        (r) => !orderToken || r.path.endsWith(`/${orderToken}`)
      )

    /** Every event of these names emitted from now on, as the event bus delivers them to a subscriber. */
    const watchEvents = (...names: string[]) => {
      const eventBus = getContainer().resolve(Modules.EVENT_BUS)
      const seen: Array<{ name: string; data: Record<string, unknown> }> = []
      const handlers = names.map((name) => {
        const handler = async (event: { data: Record<string, unknown> }) => {
          seen.push({ name, data: event.data })
        }
        eventBus.subscribe(name, handler as never, { subscriberId: `hooks-abuse-test-${name}` })
        return { name, handler }
      })
      return {
        seen,
        stop: () =>
          handlers.forEach(({ name, handler }) =>
            eventBus.unsubscribe(name, handler as never, { subscriberId: `hooks-abuse-test-${name}` })
          ),
      }
    }

    /** Every line the store logged meanwhile (the logger is Medusa's own; the spies only listen). */
    const watchLogs = () => {
      const logger = getContainer().resolve(ContainerRegistrationKeys.LOGGER)
      const spies = (["info", "warn", "error", "debug"] as const).map((level) => jest.spyOn(logger, level))
      return {
        lines: () =>
          spies.flatMap((s) =>
            s.mock.calls.map((args) => args.map((a) => (typeof a === "string" ? a : String(a))).join(" "))
          ),
        restore: () => spies.forEach((s) => s.mockRestore()),
      }
    }

    const aToken = () =>
      randomBytes(16)
        .toString("base64url")
        .replace(/[^A-Za-z0-9]/g, "x")

    /** The idle-answer brake's budget a second (api/utils/idle-hook-brake.ts reads it on every answer) until restored. */
    const useIdleAnswerBudget = (perSecond: number) => {
      const before = process.env.TIKKIE_HOOK_IDLE_ANSWERS_PER_SECOND
      process.env.TIKKIE_HOOK_IDLE_ANSWERS_PER_SECOND = String(perSecond)
      return {
        restore: () => {
          if (before === undefined) delete process.env.TIKKIE_HOOK_IDLE_ANSWERS_PER_SECOND
          else process.env.TIKKIE_HOOK_IDLE_ANSWERS_PER_SECOND = before
        },
      }
    }

    it("refuses malformed and oversized tokens at the edge with 400 and the documented error shape, and logs no caller's value whole", async () => {
      const logs = watchLogs()
      try {
        const huge = "A".repeat(90_000)
        const refused = [
          await webhook({ referenceId: "payses_1", orderToken: huge, status: "PAID" }),
          await webhook({ referenceId: "payses_1", orderToken: "abc\ndef", status: "PAID" }),
          await webhook({ referenceId: huge, orderToken: "abc", status: "PAID" }),
          await webhook({ referenceId: "payses_1\r\nINFO forged", orderToken: "abc", status: "PAID" }),
          await webhook({ referenceId: "payses_1", orderToken: "abc", status: huge }),
          await webhook({ referenceId: "payses_1", orderToken: ["abc"], status: "PAID" }),
          await webhook([{ orderToken: "abc" }]),
          await notify({
            subscriptionId: "s",
            notificationType: "PAYMENT",
            paymentRequestToken: huge,
            paymentToken: "p1",
          }),
          await notify({
            subscriptionId: "s",
            notificationType: "PAYMENT",
            paymentRequestToken: "pr\n1",
            paymentToken: "p1",
          }),
          await notify({
            subscriptionId: "s",
            notificationType: "PAYMENT",
            paymentRequestToken: "pr1",
            paymentToken: huge,
          }),
          await notify({
            subscriptionId: huge,
            notificationType: "PAYMENT",
            paymentRequestToken: "pr1",
            paymentToken: "p1",
          }),
          await notify({
            subscriptionId: "s",
            notificationType: "REFUND",
            paymentRequestToken: "pr1",
            paymentToken: "p1",
          }),
          await notify({
            subscriptionId: "s",
            notificationType: "REFUND",
            paymentRequestToken: "pr1",
            paymentToken: "p1",
            refundToken: "r\u00001",
          }),
        ]
        for (const answer of refused) {
          expect(answer.status).toBe(400)
          expect(answer.body.type).toBe("invalid_data")
          expect(answer.body.message).toMatch(/Invalid Tikkie (Fast Checkout webhook|payment request notification)/)
          expect(answer.body.message!.length).toBeLessThan(600)
        }
        expect(refused[0].body.message).toMatch(/orderToken must be 1-128 letters, digits, - \. _ or ~/)
        expect(refused[1].body.message).toMatch(/orderToken must be/)
        expect(refused[4].body.message).toMatch(/status must be one of NEW, PAID, CANCELLED, EXPIRED, ERROR/)
        expect(refused[6].body.message).toMatch(/the body must be a JSON object/)
        expect(refused[7].body.message).toMatch(/paymentRequestToken must be 1-64 letters, digits, "-" or "_"/)
        expect(refused[11].body.message).toMatch(/refundToken is missing/)

        // The notificationUrl's key (webhook-key.ts) is bounded like the tokens.
        const badKey = await post(`/hooks/tikkie/fast-checkout?key=${"k".repeat(5_000)}`, {
          referenceId: "payses_1",
          orderToken: "abc",
          status: "PAID",
        })
        expect(badKey.status).toBe(400)
        expect(badKey.body.message).toMatch(/Invalid Tikkie Fast Checkout webhook: key must be 1-64 letters/)

        const badReturn = await request(
          `${tikkie.storeUrl}/hooks/tikkie/fast-checkout/return?session_id=${"s".repeat(5_000)}`
        )
        expect(badReturn.statusCode).toBe(400)
        expect(((await badReturn.body.json()) as { message: string }).message).toMatch(/session_id must be 1-100/)
        const badLinkReturn = await request(`${tikkie.storeUrl}/hooks/tikkie/payment-requests/return?session_id=a%0Ab`)
        expect(badLinkReturn.statusCode).toBe(400)
        await badLinkReturn.body.dump()

        // Tikkie may add fields to its webhook: they are ignored, not refused (Tikkie would retry a 400).
        const extra = await webhook({
          referenceId: "payses_1",
          orderToken: aToken(),
          status: "PAID",
          someNewField: { nested: true },
        })
        expect(extra.status).toBe(200)

        const logged = logs.lines()
        expect(logged.some((l) => l.includes("A".repeat(200)))).toBe(false)
        expect(logged.some((l) => l.includes("s".repeat(200)))).toBe(false)
        expect(logged.some((l) => /\nINFO forged|abc\ndef|pr\n1/.test(l))).toBe(false)
      } finally {
        logs.restore()
      }
    })

    it("drops 1,000 forged webhooks with no event and no Tikkie read, while a real paid order still becomes an order", async () => {
      const cart = await newCart()
      const started = await shop.startFastCheckout(cart.id)
      const events = watchEvents(FAST_CHECKOUT_WEBHOOK_EVENT)
      const logs = watchLogs()
      const firstMinute = Math.floor(Date.now() / 60_000)
      // What the forged webhooks cost in events and reads, answered at once: the idle-answer brake (its own
      // test below) would hold most of these for a second each.
      const idleBudget = useIdleAnswerBudget(100_000)
      try {
        await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
        const forged = Array.from({ length: 1_000 }, () => ({
          referenceId: started.payment_session_id,
          orderToken: aToken(),
          status: "PAID",
        }))
        const answers = await mapConcurrently(forged, 32, (body) => webhook(body))
        expect(answers.every((a) => a.status === 200)).toBe(true)

        const order = await settledOrder(getContainer(), started.order_token, cart.id)
        expect(order.payment_collections[0].payments[0].data.orderToken).toBe(started.order_token)
        await tikkie.sandbox.context.deliveries.idle()
        await new Promise((r) => setTimeout(r, 500))

        const forgedTokens = new Set(forged.map((f) => f.orderToken))
        expect(events.seen.filter((e) => forgedTokens.has(e.data.order_token as string))).toHaveLength(0)
        expect(events.seen.filter((e) => e.data.order_token === started.order_token).length).toBeGreaterThanOrEqual(1)
        const reads = await getOrderCalls()
        expect(reads.filter((r) => [...forgedTokens].some((t) => r.path.endsWith(`/${t}`)))).toHaveLength(0)
        expect(reads.length).toBeGreaterThanOrEqual(1)
        // A flood writes a few log lines, not one per forged webhook: ten a minute and one that counts the
        // rest (utils/log-throttle.ts), for each minute the test ran into (on a busy machine it spans two).
        const minutes = Math.floor(Date.now() / 60_000) - firstMinute + 1
        expect(logs.lines().filter((l) => /not an order of this store/.test(l)).length).toBeLessThanOrEqual(
          11 * minutes
        )
      } finally {
        idleBudget.restore()
        events.stop()
        logs.restore()
      }
    })

    it("a key that is not its referenceId's counts for nothing: forged webhooks carrying one start no event; a real key with a made-up orderToken reads nothing", async () => {
      const started = await shop.startFastCheckout((await newCart()).id)
      const { orders } = await tikkie.control.get<{ orders: Array<{ notificationUrl: string }> }>(
        `/_sandbox/fastcheckout/orders?referenceId=${started.payment_session_id}`
      )
      const realKey = new URL(orders[0].notificationUrl).searchParams.get("key")!
      expect(realKey).toMatch(/^[\w-]{32}$/)
      const events = watchEvents(FAST_CHECKOUT_WEBHOOK_EVENT)
      const idleBudget = useIdleAnswerBudget(100_000)
      await tikkie.control.clearRequests()
      try {
        const forged = Array.from({ length: 100 }, (_, i) => ({
          key: i % 2 ? realKey : "A".repeat(32),
          body: { referenceId: `payses_forged${i}`, orderToken: aToken(), status: "PAID" },
        }))
        const answers = await mapConcurrently(forged, 16, (f) =>
          post(`/hooks/tikkie/fast-checkout?key=${f.key}`, f.body)
        )
        expect(answers.every((a) => a.status === 200)).toBe(true)
        await new Promise((r) => setTimeout(r, 500))
        expect(events.seen).toHaveLength(0)
        // With its real key, a made-up orderToken reaches a job, which finds no record and reads nothing.
        const madeUp = aToken()
        const keyed = await post(`/hooks/tikkie/fast-checkout?key=${realKey}`, {
          referenceId: started.payment_session_id,
          orderToken: madeUp,
          status: "PAID",
        })
        expect(keyed.status).toBe(200)
        await new Promise((r) => setTimeout(r, 1_000))
        expect(events.seen.map((e) => e.data.order_token)).toEqual([madeUp])
        expect(await getOrderCalls()).toHaveLength(0)
        expect((await records().listFastCheckoutOrders({ order_token: madeUp })).length).toBe(0)
      } finally {
        idleBudget.restore()
        events.stop()
      }
    })

    it("past the idle-answer budget, forged webhooks and notifications are still answered 200 with no event, and the log says the flood is held back", async () => {
      const events = watchEvents(FAST_CHECKOUT_WEBHOOK_EVENT)
      const notifications = watchEvents(PAYMENT_REQUEST_NOTIFICATION_EVENT)
      const logs = watchLogs()
      const idleBudget = useIdleAnswerBudget(5)
      try {
        const forged = Array.from({ length: 30 }, (_, i) =>
          i % 2
            ? webhook({ referenceId: "payses_forged", orderToken: aToken(), status: "PAID" })
            : post("/hooks/tikkie/payment-requests", {
                subscriptionId: "2b5a5c4e-0000-4000-8000-000000000000",
                notificationType: "PAYMENT",
                paymentRequestToken: aToken(),
                paymentToken: aToken(),
              })
        )
        const answers = await Promise.all(forged)
        expect(answers.map((a) => a.status)).toEqual(Array(30).fill(200))
        expect(events.seen).toHaveLength(0)
        expect(notifications.seen).toHaveLength(0)
        expect(
          logs.lines().filter((l) => /a flood of webhooks that are not this store's; their answers are held/.test(l))
        ).toHaveLength(1)
      } finally {
        idleBudget.restore()
        events.stop()
        notifications.stop()
        logs.restore()
      }
    })

    it("costs no event for a repeated webhook of a settled order", async () => {
      const cart = await newCart()
      const started = await shop.startFastCheckout(cart.id)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      await settledOrder(getContainer(), started.order_token, cart.id)
      await tikkie.sandbox.context.deliveries.idle()
      await tikkie.control.clearRequests()
      const events = watchEvents(FAST_CHECKOUT_WEBHOOK_EVENT)
      try {
        const body = { referenceId: started.payment_session_id, orderToken: started.order_token, status: "PAID" }
        const answers = await Promise.all(Array.from({ length: 20 }, () => webhook(body)))
        expect(answers.every((a) => a.status === 200)).toBe(true)
        await new Promise((r) => setTimeout(r, 500))
        expect(events.seen).toHaveLength(0)
        expect(await getOrderCalls()).toHaveLength(0)
        expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
      } finally {
        events.stop()
      }
    })

    it("a burst of forged webhooks naming real open orders makes at most a few GET order calls per order", async () => {
      // 300 webhooks for 3 open orders, 20 at a time, every status: what a shopper who learnt orderTokens can send.
      const orders = await Promise.all([0, 1, 2].map(async () => shop.startFastCheckout((await newCart()).id)))
      await tikkie.control.clearRequests()
      const statuses = ["NEW", "PAID", "CANCELLED", "EXPIRED", "ERROR"]
      const forged = Array.from({ length: 300 }, (_, i) => {
        const o = orders[i % 3]
        return {
          referenceId: o.payment_session_id,
          orderToken: o.order_token,
          status: statuses[Math.floor(i / 3) % statuses.length],
        }
      })
      const started = Date.now()
      const answers = await mapConcurrently(forged, 20, (body) => webhook(body))
      const sentInMs = Date.now() - started
      expect(answers.every((a) => a.status === 200)).toBe(true)
      // Whatever the burst started (and any read deferred to the end of the interval) has run by now.
      await new Promise((r) => setTimeout(r, 2 * FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS))
      const perOrder = await Promise.all(orders.map(async (o) => (await getOrderCalls(o.order_token)).length))
      console.log(
        `burst of 300 webhooks for 3 open orders sent in ${sentInMs} ms: GET order calls per order ${perOrder.join(", ")} (total ${perOrder.reduce((a, b) => a + b, 0)})`
      )
      // One read per order per interval (fast-checkout/webhook-read-claim.ts), one more at its end for the last skipped webhooks.
      // And never more than a burst sent over 15 s would earn (4 at the 5 s interval).
      const bound = Math.ceil(Math.min(sentInMs, 15_000) / FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS) + 1
      for (const n of perOrder) expect(n).toBeLessThanOrEqual(bound)
      for (const o of orders) expect((await record(o.order_token)).status).toBe("NEW")
    })

    it("claims a webhook read once per interval across concurrent callers, and leaves a skipped order due for the poll at the interval's end", async () => {
      const started = await shop.startFastCheckout((await newCart()).id)
      const before = await record(started.order_token)
      // Twenty instances at once: one atomic UPDATE each, one winner.
      const claims = await Promise.all(
        Array.from({ length: 20 }, () => claimFastCheckoutWebhookRead(getContainer(), started.order_token))
      )
      expect(claims.filter((c) => c.action === "read")).toHaveLength(1)
      const deferred = claims.filter((c) => c.action === "defer")
      expect(deferred).toHaveLength(1)
      expect((deferred[0] as { inMs: number }).inMs).toBeGreaterThan(0)
      expect((deferred[0] as { inMs: number }).inMs).toBeLessThanOrEqual(FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS)
      const after = await record(started.order_token)
      const claimedAt = new Date(after.webhook_read_at!).getTime()
      // Due for the poll no later than the claim's end (and no later than it was due before).
      expect(new Date(after.next_check_at!).getTime()).toBeLessThanOrEqual(
        claimedAt + FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS
      )
      if (before.next_check_at)
        expect(new Date(after.next_check_at!).getTime()).toBeLessThanOrEqual(new Date(before.next_check_at).getTime())
      // The deferred read takes the claim once the interval is over, unless a webhook took it first.
      expect((await claimFastCheckoutWebhookRead(getContainer(), started.order_token, { deferred: true })).action).toBe(
        "skip"
      )
      await new Promise((r) => setTimeout(r, FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS + 100))
      expect((await claimFastCheckoutWebhookRead(getContainer(), started.order_token, { deferred: true })).action).toBe(
        "read"
      )
      expect((await claimFastCheckoutWebhookRead(getContainer(), started.order_token)).action).toBe("defer")
    })

    it("a real PAID webhook arriving just after a forged one for the same order still settles within seconds", async () => {
      const cart = await newCart()
      const started = await shop.startFastCheckout(cart.id)
      // A forged webhook reads the order NEW; the shopper pays a moment later and Tikkie's webhook comes.
      expect(
        (await webhook({ referenceId: started.payment_session_id, orderToken: started.order_token, status: "PAID" }))
          .status
      ).toBe(200)
      await eventually(async () => (await getOrderCalls(started.order_token)).length >= 1)
      await eventually(async () => (await record(started.order_token)).last_checked_at ?? undefined)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      // No poll runs in tests (TIKKIE_SCHEDULED_JOBS=off): the webhook's own path settles it.
      const order = await settledOrder(getContainer(), started.order_token, cart.id, 20_000)
      expect(order.payment_collections[0].payments[0].data.orderToken).toBe(started.order_token)
      expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
    })

    it("a webhook's settlement does not read Tikkie again when a read begun after the webhook found the order unpaid", async () => {
      const started = await shop.startFastCheckout((await newCart()).id)
      // The webhook's job waits behind a settlement of the same order (it holds the order's lock).
      const locking = getContainer().resolve(Modules.LOCKING)
      const orderLock = `tikkie:fast-checkout:${started.order_token}`
      await locking.acquire(orderLock, { ownerId: "hooks-abuse-covered", expire: 120 })
      const events = watchEvents(FAST_CHECKOUT_WEBHOOK_EVENT)
      try {
        const body = { referenceId: started.payment_session_id, orderToken: started.order_token, status: "PAID" }
        expect((await webhook(body)).status).toBe(200)
        await eventually(async () => events.seen.length >= 1 || undefined)
        // Meanwhile that settlement read the order NEW (after the webhook came) and wrote down the read.
        await new Promise((r) => setTimeout(r, 50))
        await records().updateFastCheckoutOrders({
          id: (await record(started.order_token)).id,
          last_checked_at: new Date(),
        })
        await tikkie.control.clearRequests()
      } finally {
        await locking.release(orderLock, { ownerId: "hooks-abuse-covered" })
        events.stop()
      }
      // The webhook's settlement, waiting first, has the lock next; this waits until it let go: that read answered it.
      await locking.execute(orderLock, async () => undefined, { timeout: 30 })
      expect(await getOrderCalls(started.order_token)).toHaveLength(0)
      expect((await record(started.order_token)).status).toBe("NEW")
    })

    it("Medusa's generic /hooks/payment route settles nothing and reads nothing, for a made-up or a real paid orderToken", async () => {
      const cart = await newCart()
      const started = await shop.startFastCheckout(cart.id)
      await tikkie.control.setDeliveryBehaviour("fail", 1) // the plugin's own webhook does not come
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      await tikkie.control.clearRequests()
      const delivered = watchEvents("payment.webhook_received")
      try {
        const madeUp = aToken()
        for (const provider of ["tikkie-fast-checkout_tikkie", "tikkie-payment-request_tikkie"]) {
          for (const orderToken of [madeUp, started.order_token]) {
            const res = await post(`/hooks/payment/${provider}`, {
              referenceId: started.payment_session_id,
              orderToken,
              status: "PAID",
            })
            expect(res.status).toBe(200)
          }
        }
        // Medusa delays these events (webhook_delay, 5 s by default); its subscriber runs when they arrive.
        await eventually(async () => delivered.seen.length >= 4, 30_000)
        await new Promise((r) => setTimeout(r, 2_000))
        expect(await getOrderCalls()).toHaveLength(0)
        expect(await orderForCart(getContainer(), cart.id)).toBeUndefined()
        expect((await record(started.order_token)).medusa_order_id).toBeNull()
      } finally {
        delivered.stop()
      }
      // The plugin's own webhook still completes it.
      const res = await webhook({
        referenceId: started.payment_session_id,
        orderToken: started.order_token,
        status: "PAID",
      })
      expect(res.status).toBe(200)
      await settledOrder(getContainer(), started.order_token, cart.id)
      expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
    })

    it("answers the return route from a settled record without reading Tikkie", async () => {
      const cart = await newCart()
      const started = await shop.startFastCheckout(cart.id)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      const order = await settledOrder(getContainer(), started.order_token, cart.id)
      await tikkie.sandbox.context.deliveries.idle()
      await tikkie.control.clearRequests()
      const back = await Promise.all(Array.from({ length: 5 }, () => fastCheckoutReturn(started.payment_session_id)))
      expect(back.map((b) => b.location.searchParams.get("order_id"))).toEqual(Array(5).fill(order.id))
      expect(await getOrderCalls()).toHaveLength(0)

      const cancelled = await shop.startFastCheckout((await newCart()).id)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${cancelled.order_token}/cancel`)
      // The cancel's webhook may claim the read first: the return then answers PROCESSING and the storefront
      // asks again (every 2 s) until the read has seen the cancel.
      const statusOnReturn = async () =>
        (await fastCheckoutReturn(cancelled.payment_session_id)).location.searchParams.get("tikkie_status")
      expect(await eventually(async () => ((await statusOnReturn()) === "CANCELLED" ? "CANCELLED" : undefined))).toBe(
        "CANCELLED"
      )
      await tikkie.sandbox.context.deliveries.idle()
      await tikkie.control.clearRequests()
      expect((await fastCheckoutReturn(cancelled.payment_session_id)).location.searchParams.get("tikkie_status")).toBe(
        "CANCELLED"
      )
      expect(await getOrderCalls()).toHaveLength(0)
    })

    it("reads an unpaid record again on return: the shopper may have paid a moment after the last check", async () => {
      const cart = await newCart()
      const started = await shop.startFastCheckout(cart.id)
      const unpaid = await fastCheckoutReturn(started.payment_session_id)
      expect(unpaid.location.searchParams.get("tikkie_status")).toBe("NEW")
      await tikkie.control.setDeliveryBehaviour("fail", 1)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      // Inside the order's read interval the record answers, and never "not paid": confirming.
      const soon = await fastCheckoutReturn(started.payment_session_id)
      expect(soon.location.searchParams.get("tikkie_status")).toBe("PROCESSING")
      await new Promise((r) => setTimeout(r, FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS))
      const paid = await fastCheckoutReturn(started.payment_session_id)
      expect(paid.location.searchParams.get("order_id")).toBe((await orderForCart(getContainer(), cart.id))!.id)
    })

    it("60 returns of one open order read Tikkie at most once per read interval, and answer from the record inside it", async () => {
      const started = await shop.startFastCheckout((await newCart()).id)
      await tikkie.control.clearRequests()
      const begun = Date.now()
      // A shopper (or a script) reloading: six at a time, each again 0.6 s after its answer, over about an interval.
      const back = await mapConcurrently(Array.from({ length: 60 }), 6, async () => {
        const answer = await fastCheckoutReturn(started.payment_session_id)
        await new Promise((r) => setTimeout(r, 600))
        return answer
      })
      const tookMs = Date.now() - begun
      const reads = (await getOrderCalls(started.order_token)).length
      const statuses = back.map((b) => b.location.searchParams.get("tikkie_status"))
      console.log(
        `60 returns of one open order in ${tookMs} ms: ${reads} GET order calls; answers ${statuses.filter((s) => s === "NEW").length} NEW, ${statuses.filter((s) => s === "PROCESSING").length} PROCESSING`
      )
      expect(back.every((b) => b.status === 303)).toBe(true)
      // One read when a claim's interval begins (webhook-read-claim.ts): the first return's, then one per interval.
      expect(reads).toBeGreaterThanOrEqual(1)
      expect(reads).toBeLessThanOrEqual(Math.floor(tookMs / FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS) + 1)
      // NEW from a read that began after the shopper came back; otherwise PROCESSING (the storefront asks again).
      expect(statuses.every((s) => s === "NEW" || s === "PROCESSING")).toBe(true)
      expect(statuses.filter((s) => s === "PROCESSING").length).toBeGreaterThan(0)
    })

    it("answers a return inside the order's read interval from the record at once while the claimed read is under way, and the storefront's next ask finds the order", async () => {
      const cart = await newCart()
      const started = await shop.startFastCheckout(cart.id)
      await tikkie.control.setDeliveryBehaviour("fail", 1) // only the returns settle it
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      await tikkie.control.clearRequests()
      // The first return claims the order's read, and Tikkie is slow to answer it (until the client's timeout).
      await tikkie.control.injectFault("fastCheckout.getOrder", "hang", 1)
      const first = fastCheckoutReturn(started.payment_session_id)
      await eventually(async () => ((await getOrderCalls(started.order_token)).length ? true : undefined), 10_000, 20)
      const t0 = performance.now()
      const second = await fastCheckoutReturn(started.payment_session_id)
      const tookMs = performance.now() - t0
      // The shopper is not held while the read is in flight: "confirming", at once.
      expect(second.location.searchParams.get("tikkie_status")).toBe("PROCESSING")
      expect(second.location.searchParams.get("cart_id")).toBe(cart.id)
      expect(tookMs).toBeLessThan(1_000)
      await first
      // The status page asks again every 2 s (docs/storefront-nextjs.md, step 7) until the order is there.
      const order = await eventually(
        async () => {
          const again = await fastCheckoutReturn(started.payment_session_id)
          return again.location.searchParams.get("order_id") ?? undefined
        },
        30_000,
        2_000
      )
      expect(order).toBe((await orderForCart(getContainer(), cart.id))!.id)
      expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
    })

    it("a flood of returns for one session waiting on its order's lock does not delay another paid shopper's return to an order", async () => {
      const flooded = await shop.startFastCheckout((await newCart()).id)
      const cart = await newCart()
      const paid = await shop.startFastCheckout(cart.id)
      await tikkie.control.setDeliveryBehaviour("fail", 1) // only the return settles the paid one
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${paid.order_token}/pay`)
      // A settlement of the flooded order is under way (a webhook's, say): it holds that order's lock.
      const locking = getContainer().resolve(Modules.LOCKING)
      const orderLock = `tikkie:fast-checkout:${flooded.order_token}`
      await locking.acquire(orderLock, { ownerId: "hooks-abuse-flood", expire: 120 })
      try {
        // Eight returns at a time for the flooded session, twice the store's inline slots.
        const flood = Promise.all(
          Array.from({ length: 16 }, (_, i) =>
            new Promise((r) => setTimeout(r, (i % 2) * 150)).then(() => fastCheckoutReturn(flooded.payment_session_id))
          )
        )
        await new Promise((r) => setTimeout(r, 300))
        const back = await fastCheckoutReturn(paid.payment_session_id)
        expect(back.location.searchParams.get("tikkie_status")).toBeNull()
        expect(back.location.searchParams.get("order_id")).toBe((await orderForCart(getContainer(), cart.id))!.id)
        const floodAnswers = await flood
        expect(floodAnswers.every((b) => b.location.searchParams.get("tikkie_status") === "PROCESSING")).toBe(true)
      } finally {
        await locking.release(orderLock, { ownerId: "hooks-abuse-flood" })
      }
      expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
    })

    it("answers a return during another settlement of the same order from the record, without waiting on its lock or reading Tikkie", async () => {
      const cart = await newCart()
      const started = await shop.startFastCheckout(cart.id)
      await tikkie.control.setDeliveryBehaviour("fail", 1)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      // A worker has just read the order PAID and is completing the cart: it holds the order's lock.
      const locking = getContainer().resolve(Modules.LOCKING)
      const orderLock = `tikkie:fast-checkout:${started.order_token}`
      await locking.acquire(orderLock, { ownerId: "hooks-abuse-test", expire: 120 })
      try {
        await records().updateFastCheckoutOrders({
          id: (await record(started.order_token)).id,
          status: "PAID",
          last_checked_at: new Date(),
        })
        await tikkie.control.clearRequests()
        // The settlement's lock wait is a minute; the shopper must not share it.
        const res = await request(
          `${tikkie.storeUrl}/hooks/tikkie/fast-checkout/return?session_id=${started.payment_session_id}`,
          {
            headersTimeout: 15_000,
          }
        )
        await res.body.dump()
        expect(res.statusCode).toBe(303)
        const location = new URL(String(res.headers.location))
        expect(location.searchParams.get("tikkie_status")).toBe("PROCESSING")
        expect(await getOrderCalls()).toHaveLength(0)
      } finally {
        await locking.release(orderLock, { ownerId: "hooks-abuse-test" })
      }
    })

    it("hands the settlement to the workers and redirects PROCESSING at once when every inline slot is taken", async () => {
      const cart = await newCart()
      const started = await shop.startFastCheckout(cart.id)
      await tikkie.control.setDeliveryBehaviour("fail", 1)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      const events = watchEvents(FAST_CHECKOUT_WEBHOOK_EVENT)
      const slots = await holdInlineSlots(getContainer())
      try {
        const back = await fastCheckoutReturn(started.payment_session_id)
        expect(back.status).toBe(303)
        expect(back.location.searchParams.get("tikkie_status")).toBe("PROCESSING")
        expect(back.location.searchParams.get("cart_id")).toBe(cart.id)
        // The handed-over event is settled by the subscriber, as a webhook would be.
        await settledOrder(getContainer(), started.order_token, cart.id)
        expect(events.seen.map((e) => e.data.order_token)).toEqual([started.order_token])
      } finally {
        await slots.release()
        events.stop()
      }
      expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
    })

    it("bounds the wait for a slot of the store-wide limiter when the caller sets a deadline", async () => {
      // A limit of 0 calls a second is always exceeded: only the deadline can end the wait.
      const limiter = new DatabaseRateLimiter(records(), `test.deadline.${aToken()}`, 0, { waitAtMostMs: 300 })
      await expect(limiter.acquire()).rejects.toBeInstanceOf(RateLimitWaitExceeded)
    })

    describe("payment request notifications", () => {
      beforeEach(async () => {
        await enablePaymentLinks(getContainer(), store.regionId)
        await subscribePaymentRequestNotifications(getContainer(), { force: true })
      })
      const subscriptionId = async () => (await records().listNotificationSubscriptions({}))[0].subscription_id

      it("drops notifications for requests that are not this store's, and repeats of a settled payment, with no event", async () => {
        const cart = await newCart()
        const { data: started } = await api.post(
          `/store/carts/${cart.id}/tikkie-payment-request`,
          {},
          { headers: shop.headers }
        )
        const token = started.payment_request_token as string
        await tikkie.control.post(`/_sandbox/paymentrequests/${token}/pay`, {})
        const settled = await eventually(
          async () => (await records().listPaymentRequests({ payment_request_token: token }))[0]?.medusa_payment_id
        )
        expect(settled).toBeTruthy()
        await tikkie.sandbox.context.deliveries.idle()
        const [kept] = await records().listPaymentRequests({ payment_request_token: token })
        const paymentToken = (kept.payments as { items: Array<{ paymentToken: string }> }).items[0].paymentToken

        const events = watchEvents(PAYMENT_REQUEST_NOTIFICATION_EVENT)
        // Answered at once, as for the forged webhooks above: the idle-answer brake has its own test.
        const idleBudget = useIdleAnswerBudget(100_000)
        try {
          const sid = await subscriptionId()
          const forged = Array.from({ length: 200 }, () => ({
            subscriptionId: sid,
            notificationType: "PAYMENT",
            paymentRequestToken: aToken(),
            paymentToken: aToken(),
          }))
          const repeats = Array.from({ length: 10 }, () => ({
            subscriptionId: sid,
            notificationType: "PAYMENT",
            paymentRequestToken: token,
            paymentToken,
          }))
          const answers = await mapConcurrently([...forged, ...repeats], 32, (body) => notify(body))
          expect(answers.every((a) => a.status === 200)).toBe(true)
          await new Promise((r) => setTimeout(r, 500))
          expect(events.seen).toHaveLength(0)
          // News about the same request (another payment token) is still handed over.
          const news = await notify({
            subscriptionId: sid,
            notificationType: "PAYMENT",
            paymentRequestToken: token,
            paymentToken: aToken(),
          })
          expect(news.status).toBe(200)
          await eventually(async () => events.seen.length === 1)
        } finally {
          idleBudget.restore()
          events.stop()
        }
        expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
      })
    })

    describe("payment link returns", () => {
      beforeEach(async () => {
        await enablePaymentLinks(getContainer(), store.regionId)
      })

      it("60 returns of one open link read Tikkie at most once per read interval, and answer from the record inside it", async () => {
        const cart = await newCart()
        const { data: started } = await api.post(
          `/store/carts/${cart.id}/tikkie-payment-request`,
          {},
          { headers: shop.headers }
        )
        await tikkie.control.clearRequests()
        const linkReturn = () =>
          arriveAt(
            `${tikkie.storeUrl}/hooks/tikkie/payment-requests/return?session_id=${encodeURIComponent(started.payment_session_id)}`
          )
        const begun = Date.now()
        // As for Fast Checkout above: six at a time, each again 0.6 s after its answer, over about an interval.
        const back = await mapConcurrently(Array.from({ length: 60 }), 6, async () => {
          const answer = await linkReturn()
          await new Promise((r) => setTimeout(r, 600))
          return answer
        })
        const tookMs = Date.now() - begun
        const reads = (await tikkie.control.requests("paymentRequestsV2.getPaymentRequest")).filter((r) =>
          r.path.endsWith(`/${started.payment_request_token}`)
        ).length
        const statuses = back.map((b) => b.location.searchParams.get("tikkie_status"))
        console.log(
          `60 returns of one open link in ${tookMs} ms: ${reads} GET payment-request calls; answers ${statuses.filter((s) => s === "OPEN").length} OPEN, ${statuses.filter((s) => s === "PROCESSING").length} PROCESSING`
        )
        expect(back.every((b) => b.status === 303)).toBe(true)
        expect(reads).toBeGreaterThanOrEqual(1)
        expect(reads).toBeLessThanOrEqual(Math.floor(tookMs / PAYMENT_REQUEST_READ_INTERVAL_MS) + 1)
        // OPEN from a read begun after the payer came back; otherwise PROCESSING (the storefront asks again).
        expect(statuses.every((s) => s === "OPEN" || s === "PROCESSING")).toBe(true)
        expect(statuses.filter((s) => s === "PROCESSING").length).toBeGreaterThan(0)

        // Paid now, its notification lost: inside the interval the return still answers from the record, and
        // the first return after it reads Tikkie and lands on the order.
        await tikkie.control.post(`/_sandbox/paymentrequests/${started.payment_request_token}/pay`, {})
        const orderId = await eventually(
          async () => {
            const again = await linkReturn()
            return again.location.searchParams.get("order_id") ?? undefined
          },
          30_000,
          1_000
        )
        expect(orderId).toBe((await orderForCart(getContainer(), cart.id))!.id)
        expect(await ordersForCartCount(getContainer(), cart.id)).toBe(1)
      })
    })
  },
})
