import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { request } from "undici"
import { TIKKIE_MODULE } from "../../src/modules/tikkie"
import type TikkieModuleService from "../../src/modules/tikkie/service"
import { ROUTE_TIMING_PREFIX } from "../../src/utils/settlement-timing"
import { storeRedisOf } from "../../src/utils/store-redis"
import { pollFastCheckoutOrders } from "../../src/jobs/poll-fast-checkout-orders"
import { pollPaymentRequests } from "../../src/jobs/poll-payment-requests"
import {
  claimPaymentRequestRead,
  PAYMENT_REQUEST_READ_INTERVAL_MS,
  releasePaymentRequestRead,
} from "../../src/workflows/payment-request/utils/read-claim"
import { tikkieHealth } from "../../src/workflows/utils/tikkie-health"
import { FAST_CHECKOUT_WEBHOOK_EVENT } from "../../src/workflows/utils/events"
import {
  claimFastCheckoutWebhookRead,
  FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS,
  releaseFastCheckoutWebhookRead,
} from "../../src/workflows/fast-checkout/utils/webhook-read-claim"
import { useFileEnv } from "../helpers/file-env"
import { enablePaymentLinks, usePaymentRequestApp } from "../helpers/payment-request-env"
import {
  arriveAt,
  eventually,
  type SeededStore,
  seedStore,
  settledOrder,
  storeApi,
  stroopwafelsAndMugCart,
} from "../helpers/store-flow"
import { clearSandboxForNextTest, useTikkieSandbox } from "../helpers/tikkie-sandbox-env"

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startRedis } = require("../../scripts/redis-server") as {
  startRedis(): Promise<{ url: string; stop(): Promise<void> }>
}

jest.setTimeout(240_000)

const tikkie = useTikkieSandbox({ requestTimeoutMs: 1_500 })
usePaymentRequestApp(tikkie)
const set = useFileEnv()
let redis: { url: string; stop(): Promise<void> }
beforeAll(async () => {
  redis = await startRedis()
  // One process on Medusa's Redis modules (medusa-config.ts), as each instance of a multi-instance store runs.
  set("REDIS_URL", redis.url)
})
afterAll(async () => {
  await redis?.stop()
})

/**
 * The hot path on Redis (issue 33 point 2): with Medusa's Redis event bus the per-order read claim and
 * the store-wide GET order count live in Redis, so the webhook route, the return route and each GET
 * order cost no database round trip for them. The cluster test drives the same from every instance.
 */
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let store: SeededStore
    let shop: ReturnType<typeof storeApi>
    const records = () => getContainer().resolve<TikkieModuleService>(TIKKIE_MODULE)
    const record = async (orderToken: string) =>
      (await records().listFastCheckoutOrders({ order_token: orderToken }))[0]
    const windowRows = async () => {
      const pg = getContainer().resolve("__pg_connection__") as {
        raw(sql: string): Promise<{ rows: Array<{ n: number }> }>
      }
      return (await pg.raw(`select count(*)::int as n from tikkie_rate_window`)).rows[0].n
    }

    const postWebhook = async (body: unknown) => {
      const res = await request(`${tikkie.storeUrl}/hooks/tikkie/fast-checkout`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      })
      await res.body.dump()
      return res.statusCode
    }
    const watchEvents = () => {
      const eventBus = getContainer().resolve(Modules.EVENT_BUS)
      const seen: unknown[] = []
      const handler = async (event: unknown) => {
        seen.push(event)
      }
      eventBus.subscribe(FAST_CHECKOUT_WEBHOOK_EVENT, handler as never, { subscriberId: "hot-path-redis-watch" })
      return {
        seen,
        stop: () =>
          eventBus.unsubscribe(FAST_CHECKOUT_WEBHOOK_EVENT, handler as never, { subscriberId: "hot-path-redis-watch" }),
      }
    }
    /** The webhook route's timing lines (TIKKIE_SETTLEMENT_TIMING=1), as the bench reads them from the log. */
    const routeTimings = () => {
      const before = process.env.TIKKIE_SETTLEMENT_TIMING
      process.env.TIKKIE_SETTLEMENT_TIMING = "1"
      const logger = getContainer().resolve(ContainerRegistrationKeys.LOGGER)
      const spy = jest.spyOn(logger, "info")
      return {
        lines: () =>
          spy.mock.calls
            .map((c) => String(c[0]))
            .filter((m) => m.startsWith(ROUTE_TIMING_PREFIX))
            .map(
              (m) => JSON.parse(m.slice(ROUTE_TIMING_PREFIX.length)) as { route: string; parts: Record<string, number> }
            )
            .filter((l) => l.route === "fast-checkout webhook"),
        stop: () => {
          spy.mockRestore()
          if (before === undefined) delete process.env.TIKKIE_SETTLEMENT_TIMING
          else process.env.TIKKIE_SETTLEMENT_TIMING = before
        },
      }
    }

    beforeAll(async () => {
      store = await seedStore(getContainer())
      shop = storeApi(api, store.publishableKey)
    })
    beforeEach(async () => {
      await clearSandboxForNextTest(tikkie)
    })

    it("runs on Medusa's Redis event bus, whose connection the plugin reaches", async () => {
      expect(storeRedisOf(getContainer())).toBeDefined()
      expect(getContainer().resolve(Modules.EVENT_BUS).constructor.name).toBe("RedisEventBusService")
    })

    it("webhooks, returns and GET order slots take their claims and counts in Redis: no claim or window in the database, one read per interval", async () => {
      const before = await windowRows()
      const cart = await stroopwafelsAndMugCart(shop, store)
      const started = await shop.startFastCheckout(cart.id)
      await tikkie.control.setDeliveryBehaviour("fail", 1)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      await tikkie.control.clearRequests()
      const body = JSON.stringify({
        referenceId: started.payment_session_id,
        orderToken: started.order_token,
        status: "PAID",
      })
      const answers = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const res = await request(`${tikkie.storeUrl}/hooks/tikkie/fast-checkout`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body,
          })
          await res.body.dump()
          return res.statusCode
        })
      )
      expect(answers).toEqual(Array(10).fill(200))
      const order = await settledOrder(getContainer(), started.order_token, cart.id)
      const back = await arriveAt(
        `${tikkie.storeUrl}/hooks/tikkie/fast-checkout/return?session_id=${started.payment_session_id}`
      )
      expect(back.location.searchParams.get("order_id")).toBe(order.id)
      // Ten webhooks inside one interval: one read (the deferred read at its end finds the order settled).
      await new Promise((r) => setTimeout(r, 6_000))
      expect(await tikkie.control.requests("fastCheckout.getOrder")).toHaveLength(1)
      // The claim was Redis's and the GET order slot was counted there.
      expect((await record(started.order_token)).webhook_read_at).toBeNull()
      expect(await windowRows()).toBe(before)
    })

    it("repeats of a webhook inside its read's interval are covered by that read: no deferred read; another status still defers", async () => {
      const started = await shop.startFastCheckout((await stroopwafelsAndMugCart(shop, store)).id)
      await tikkie.control.clearRequests()
      // Announced PAID while Tikkie still has it open (early or forged): the first webhook's read finds it NEW.
      const webhook = (status: string) =>
        postWebhook({ referenceId: started.payment_session_id, orderToken: started.order_token, status })
      expect(await webhook("PAID")).toBe(200)
      expect(await Promise.all([webhook("PAID"), webhook("PAID"), webhook("PAID")])).toEqual([200, 200, 200])
      await new Promise((r) => setTimeout(r, FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS + 1_500))
      expect(await tikkie.control.requests("fastCheckout.getOrder")).toHaveLength(1)
      // A webhook of another status than the claim's own may announce what that read could not see.
      await tikkie.control.clearRequests()
      expect(await webhook("PAID")).toBe(200)
      expect(await webhook("EXPIRED")).toBe(200)
      const reads = async () => (await tikkie.control.requests("fastCheckout.getOrder")).length
      await eventually(async () => (await reads()) >= 2 || undefined, FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS + 5_000)
      expect(await reads()).toBe(2)
    })

    it("on Redis the read claim holds across concurrent callers: one read, one deferral that leaves the order due for the poll at the interval's end", async () => {
      const started = await shop.startFastCheckout((await stroopwafelsAndMugCart(shop, store)).id)
      const claims = await Promise.all(
        Array.from({ length: 20 }, () => claimFastCheckoutWebhookRead(getContainer(), started.order_token))
      )
      expect(claims.filter((c) => c.action === "read")).toHaveLength(1)
      const deferred = claims.filter((c) => c.action === "defer") as Array<{ inMs: number }>
      expect(deferred).toHaveLength(1)
      expect(deferred[0].inMs).toBeGreaterThan(0)
      expect(deferred[0].inMs).toBeLessThanOrEqual(FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS)
      const after = await record(started.order_token)
      expect(after.webhook_read_at).toBeNull()
      expect(new Date(after.next_check_at!).getTime()).toBeLessThanOrEqual(
        Date.now() + FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS
      )
      expect((await claimFastCheckoutWebhookRead(getContainer(), started.order_token, { deferred: true })).action).toBe(
        "skip"
      )
      await new Promise((r) => setTimeout(r, FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS + 100))
      const again = await claimFastCheckoutWebhookRead(getContainer(), started.order_token, { deferred: true })
      expect(again.action).toBe("read")
      // A claim given back unused (its settlement met a busy lock) frees the order for the next caller.
      await releaseFastCheckoutWebhookRead(
        getContainer(),
        started.order_token,
        (again as { claimedAt: string }).claimedAt
      )
      expect((await claimFastCheckoutWebhookRead(getContainer(), started.order_token)).action).toBe("read")
    })

    it("on Redis a payment link's read claim holds across concurrent callers, the return route and the poll: one read per interval, nothing claimed in the record", async () => {
      await enablePaymentLinks(getContainer(), store.regionId)
      const cart = await stroopwafelsAndMugCart(shop, store)
      const { data: started } = await api.post(
        `/store/carts/${cart.id}/tikkie-payment-request`,
        {},
        { headers: { "x-publishable-api-key": store.publishableKey } }
      )
      const token = started.payment_request_token as string
      const linkReads = async () =>
        (await tikkie.control.requests("paymentRequestsV2.getPaymentRequest")).filter((r) =>
          r.path.endsWith(`/${token}`)
        ).length
      await tikkie.control.clearRequests()
      const claims = await Promise.all(Array.from({ length: 20 }, () => claimPaymentRequestRead(getContainer(), token)))
      expect(claims.filter((c) => c.action === "read")).toHaveLength(1)
      const [link] = await records().listPaymentRequests({ payment_request_token: token })
      expect(link.read_claimed_at).toBeNull()

      // Inside the interval neither the return nor the poll reads; the return answers from the record.
      const url = `${tikkie.storeUrl}/hooks/tikkie/payment-requests/return?session_id=${started.payment_session_id}`
      expect((await arriveAt(url)).location.searchParams.get("tikkie_status")).toBe("PROCESSING")
      expect(await pollPaymentRequests(getContainer())).toEqual([])
      expect(await linkReads()).toBe(0)
      // A claim given back unused frees the link at once; otherwise the first caller after the interval reads.
      const read = claims.find((c) => c.action === "read") as { claimedAt: string }
      await releasePaymentRequestRead(getContainer(), token, read.claimedAt)
      expect(await pollPaymentRequests(getContainer())).toEqual([{ outcome: "pending" }])
      expect((await arriveAt(url)).location.searchParams.get("tikkie_status")).toBe("PROCESSING")
      expect(await linkReads()).toBe(1)
      // After the interval the next caller reads: here the poll (a return on a lagging server would hand its
      // read to the workers instead), with its clock where the link is due again.
      await new Promise((r) => setTimeout(r, PAYMENT_REQUEST_READ_INTERVAL_MS + 100))
      expect(await pollPaymentRequests(getContainer(), { now: new Date(Date.now() + 10 * 60_000) })).toEqual([
        { outcome: "pending" },
      ])
      expect(await linkReads()).toBe(2)
      expect((await arriveAt(url)).location.searchParams.get("tikkie_status")).toBe("PROCESSING")
      expect(await linkReads()).toBe(2)
    })

    it("a webhook for a recorded order costs one Redis round trip and no record lookup: open, it is enqueued; settled, nothing more", async () => {
      const cart = await stroopwafelsAndMugCart(shop, store)
      const started = await shop.startFastCheckout(cart.id)
      await tikkie.control.setDeliveryBehaviour("fail", 1)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      const events = watchEvents()
      const timings = routeTimings()
      try {
        const body = { referenceId: started.payment_session_id, orderToken: started.order_token, status: "PAID" }
        expect(await postWebhook(body)).toBe(200)
        await settledOrder(getContainer(), started.order_token, cart.id)
        // Its settlement told Redis: a repeat after the read interval is answered from Redis alone.
        await new Promise((r) => setTimeout(r, FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS + 200))
        expect(await postWebhook(body)).toBe(200)
        await new Promise((r) => setTimeout(r, 1_000))
        const lines = timings.lines()
        expect(lines).toHaveLength(2)
        // What an operator reads in the bench's breakdown: the route's parts (utils/settlement-timing.ts).
        expect(Object.keys(lines[0].parts).sort()).toEqual(["answer", "claim (Redis, one round trip)", "enqueue"])
        expect(Object.keys(lines[1].parts).sort()).toEqual(["answer", "claim (Redis, one round trip)"])
        expect(events.seen).toHaveLength(1)
      } finally {
        timings.stop()
        events.stop()
      }
    })

    it("Tikkie's webhooks to the notificationUrl the order gave it are enqueued in one round trip, the job claims: one read, the order; a key of another order takes the full checks", async () => {
      const cart = await stroopwafelsAndMugCart(shop, store)
      const started = await shop.startFastCheckout(cart.id)
      const { orders } = await tikkie.control.get<{ orders: Array<{ notificationUrl: string }> }>(
        `/_sandbox/fastcheckout/orders?referenceId=${started.payment_session_id}`
      )
      const keyed = orders[0].notificationUrl
      expect(new URL(keyed).searchParams.get("key")).toMatch(/^[\w-]{32}$/)
      await tikkie.control.setDeliveryBehaviour("fail", 1)
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      await tikkie.control.clearRequests()
      const events = watchEvents()
      const timings = routeTimings()
      try {
        const body = JSON.stringify({
          referenceId: started.payment_session_id,
          orderToken: started.order_token,
          status: "PAID",
        })
        const post = async (url: string) => {
          const res = await request(url, { method: "POST", headers: { "content-type": "application/json" }, body })
          await res.body.dump()
          return res.statusCode
        }
        // Tikkie's three attempts at once, as the storm sends them.
        expect(await Promise.all([post(keyed), post(keyed), post(keyed)])).toEqual([200, 200, 200])
        const order = await settledOrder(getContainer(), started.order_token, cart.id)
        expect(order.id).toBeTruthy()
        const lines = timings.lines()
        expect(lines).toHaveLength(3)
        for (const line of lines) expect(Object.keys(line.parts).sort()).toEqual(["answer", "enqueue (keyed)"])
        // The jobs' claim holds as the route's did: one read for the three, nothing deferred.
        await new Promise((r) => setTimeout(r, FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS + 500))
        expect(await tikkie.control.requests("fastCheckout.getOrder")).toHaveLength(1)
        expect(events.seen.filter((e) => (e as { data: { deferred?: boolean } }).data.deferred)).toHaveLength(0)
        // Another order's key (or one the store never made) is no key: the route looks this one up itself.
        const other = await shop.startFastCheckout((await stroopwafelsAndMugCart(shop, store)).id)
        const { orders: others } = await tikkie.control.get<{ orders: Array<{ notificationUrl: string }> }>(
          `/_sandbox/fastcheckout/orders?referenceId=${other.payment_session_id}`
        )
        expect(await post(others[0].notificationUrl)).toBe(200)
        const wrong = timings.lines()[3]
        expect(Object.keys(wrong.parts)).toContain("claim (Redis, one round trip)")
        expect(Object.keys(wrong.parts)).not.toContain("enqueue (keyed)")
      } finally {
        timings.stop()
        events.stop()
      }
    })

    /** A paid checkout only its return settles, made while `keepBusy` holds the server: PROCESSING, then the order. */
    async function returnOnBusyServer(keepBusy: () => Promise<void>) {
      const cart = await stroopwafelsAndMugCart(shop, store)
      const started = await shop.startFastCheckout(cart.id)
      await tikkie.control.setDeliveryBehaviour("fail", 1) // only the return settles it
      await tikkie.control.post(`/_sandbox/fastcheckout/orders/${started.order_token}/pay`)
      const url = `${tikkie.storeUrl}/hooks/tikkie/fast-checkout/return?session_id=${started.payment_session_id}`
      await keepBusy()
      const back = await arriveAt(url)
      expect(back.location.searchParams.get("tikkie_status")).toBe("PROCESSING")
      expect(back.location.searchParams.get("cart_id")).toBe(cart.id)
      const order = await settledOrder(getContainer(), started.order_token, cart.id)
      expect((await arriveAt(url)).location.searchParams.get("order_id")).toBe(order.id)
    }

    it("a return on a store of several instances hands its settlement to the workers while the server's event loop lags, and the storefront's next ask finds the order", async () => {
      // The event loop held for 300 ms, as settlements and a burst of requests do.
      await returnOnBusyServer(async () => busyFor(300))
    })

    it("a return on a store of several instances hands its settlement to the workers while the server's event loop is kept busy by short tasks, as a burst of webhooks keeps it", async () => {
      // Busy for over a second in 5 ms tasks: the loop turns all the time, so it hardly lags, but has nothing to spare.
      await returnOnBusyServer(async () => {
        const until = Date.now() + 1_100
        while (Date.now() < until) {
          busyFor(5)
          await new Promise((r) => setImmediate(r))
        }
      })
    })

    it("a return on a store of several instances hands its settlement to the workers when a burst of hook requests has just arrived, before the event loop shows any load", async () => {
      // A dozen cheap requests (unknown sessions: one lookup each), as the first moment of a sale-day burst.
      const dozen = async () =>
        Promise.all(
          Array.from({ length: 12 }, async (_, i) => {
            const res = await request(`${tikkie.storeUrl}/hooks/tikkie/fast-checkout/return?session_id=payses_none${i}`)
            await res.body.dump()
            return res.statusCode
          })
        )
      // Once to warm the code up; then, after the checkout, time for its load to pass: a dozen costs the loop little.
      expect(await dozen()).toEqual(Array(12).fill(404))
      await returnOnBusyServer(async () => {
        await new Promise((r) => setTimeout(r, 1_500))
        expect(await dozen()).toEqual(Array(12).fill(404))
      })
    })

    it("a payment-link return on a busy server of several instances is handed to the workers too", async () => {
      await enablePaymentLinks(getContainer(), store.regionId)
      const cart = await stroopwafelsAndMugCart(shop, store)
      const { data: started } = await api.post(
        `/store/carts/${cart.id}/tikkie-payment-request`,
        {},
        { headers: { "x-publishable-api-key": store.publishableKey } }
      )
      await tikkie.control.post(`/_sandbox/paymentrequests/${started.payment_request_token}/pay`, {})
      const url = `${tikkie.storeUrl}/hooks/tikkie/payment-requests/return?session_id=${started.payment_session_id}`
      busyFor(300)
      const back = await arriveAt(url)
      expect(back.location.searchParams.get("tikkie_status")).toBe("PROCESSING")
      const orderId = await eventually(
        async () =>
          (await records().listPaymentRequests({ payment_request_token: started.payment_request_token }))[0]
            ?.order_id ?? undefined,
        20_000
      )
      expect((await arriveAt(url)).location.searchParams.get("order_id")).toBe(orderId)
    })

    it("on Redis, webhooks naming no order of this store still start no event and no read", async () => {
      const eventBus = getContainer().resolve(Modules.EVENT_BUS)
      const seen: unknown[] = []
      const handler = async (event: unknown) => {
        seen.push(event)
      }
      eventBus.subscribe(FAST_CHECKOUT_WEBHOOK_EVENT, handler as never, { subscriberId: "hot-path-redis-test" })
      try {
        await tikkie.control.clearRequests()
        const forged = { referenceId: "ref", orderToken: "notAnOrderOfThisStore0123456789", status: "PAID" }
        for (let i = 0; i < 5; i++) {
          const res = await request(`${tikkie.storeUrl}/hooks/tikkie/fast-checkout`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(forged),
          })
          await res.body.dump()
          expect(res.statusCode).toBe(200)
        }
        await new Promise((r) => setTimeout(r, 1_000))
        expect(seen).toHaveLength(0)
        expect(await tikkie.control.requests("fastCheckout.getOrder")).toHaveLength(0)
      } finally {
        eventBus.unsubscribe(FAST_CHECKOUT_WEBHOOK_EVENT, handler as never, { subscriberId: "hot-path-redis-test" })
      }
    })

    it("on Redis, the health card's busiest second of GET order reads is counted there, none in the database", async () => {
      const before = await windowRows()
      const tokens: string[] = []
      for (let i = 0; i < 3; i++)
        tokens.push((await shop.startFastCheckout((await stroopwafelsAndMugCart(shop, store)).id)).order_token)
      await tikkie.control.clearRequests()
      await pollFastCheckoutOrders(getContainer())
      const reads = (await tikkie.control.requests("fastCheckout.getOrder")).length
      expect(reads).toBeGreaterThanOrEqual(tokens.length)

      const health = await tikkieHealth(getContainer())
      const budget = health.checks.find((c) => c.area === "fast_checkout" && c.check === "read_budget")!
      expect(budget.status).toBe("green")
      expect(budget.values.busiest).toBeGreaterThanOrEqual(1)
      expect(budget.values.busiest).toBeLessThanOrEqual(reads)
      expect(await windowRows()).toBe(before)
    })
  },
})

/** Holds this process's event loop for `ms`. */
function busyFor(ms: number): void {
  const until = Date.now() + ms
  while (Date.now() < until) {
    // busy
  }
}
