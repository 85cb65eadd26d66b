import path from "node:path"
import { moduleIntegrationTestRunner } from "@medusajs/test-utils"
import { createCleanDatabase } from "../helpers/clean-database"
import { TIKKIE_MODULE } from "../../src/modules/tikkie"
import type TikkieModuleService from "../../src/modules/tikkie/service"
import { RATE_WINDOW_HELD } from "../../src/modules/tikkie/rate-window-sql"
import { claimTimeMs } from "../../src/workflows/fast-checkout/utils/webhook-read-claim"

jest.setTimeout(60_000)

/**
 * The tikkie module's own SQL, with Medusa's module test runner: the module alone on a database of its own,
 * migrated by the module's migrations (the queries read the real columns and indexes), each test on an
 * empty schema. What is checked here is what the settlements and routes rely on: the store-wide rate
 * windows, the webhook read claim, and the poll's order of work.
 */
const DB_NAME = `tikkie_module_${process.pid}`
beforeAll(() => createCleanDatabase(DB_NAME))

const MODULE_DIR = path.resolve(__dirname, "../../src/modules/tikkie")

moduleIntegrationTestRunner<TikkieModuleService>({
  moduleName: TIKKIE_MODULE,
  resolve: MODULE_DIR,
  pathToMigrations: path.join(MODULE_DIR, "migrations"),
  dbName: DB_NAME,
  testSuite: ({ service }) => {
    let seq = 0
    const fastCheckoutOrder = (over: Record<string, unknown> = {}) => ({
      order_token: `order-token-${++seq}`,
      reference_id: `cart_${seq}`,
      checkout_url: `https://sandbox.example/checkout/${seq}`,
      success_url: "https://shop.example/ok",
      failure_url: "https://shop.example/failed",
      provider_id: "pp_tikkie-fast-checkout_tikkie",
      amount_in_cents: 1299,
      expires_at: new Date(Date.now() + 15 * 60_000),
      ...over,
    })

    describe("rate windows (countRateWindowCall, holdRateWindow)", () => {
      it("counts the calls of one key in one wall-clock second, apart from another key's", async () => {
        const counts: number[] = []
        // Retried when a second boundary falls between the calls: the count is per second by design.
        for (let attempt = 0; attempt < 5; attempt++) {
          counts.length = 0
          const results: Array<{ count: number; window: number }> = []
          for (let i = 0; i < 3; i++) results.push(await service.countRateWindowCall("fastCheckout.getOrder"))
          if (results.every((r) => r.window === results[0].window)) {
            counts.push(...results.map((r) => r.count))
            break
          }
        }
        expect(counts).toEqual([1, 2, 3])
        const other = await service.countRateWindowCall("paymentRequests.create")
        expect(other.count).toBe(1)
      })

      it("a held window answers a count above any limit to every later call in that second", async () => {
        const first = await service.countRateWindowCall("fastCheckout.getOrder")
        await service.holdRateWindow("fastCheckout.getOrder", first.window)
        const next = await service.countRateWindowCall("fastCheckout.getOrder")
        if (next.window === first.window) expect(next.count).toBeGreaterThan(RATE_WINDOW_HELD)
        else expect(next.count).toBe(1) // the second ended between the calls: a new window starts empty
        // Holding an already held window keeps it held (greatest), never lowers it.
        await service.holdRateWindow("fastCheckout.getOrder", first.window)
        const rows = await service.listRateWindows({ key: "fastCheckout.getOrder", window: first.window })
        expect(rows.map((r) => r.count >= RATE_WINDOW_HELD)).toEqual([true])
      })
    })

    describe("the webhook read claim (claimFastCheckoutWebhookRead)", () => {
      it("lets the first webhook read and defers the next ones within the interval to the poll", async () => {
        const record = await service.createFastCheckoutOrders(fastCheckoutOrder())
        const opts = { intervalMs: 5_000, countDeferral: true }
        const first = await service.claimFastCheckoutWebhookRead(record.order_token, opts)
        expect(first).toEqual({
          claimed: true,
          deferred: 0,
          freeInMs: expect.any(Number),
          claimedAt: expect.any(String),
        })
        const second = await service.claimFastCheckoutWebhookRead(record.order_token, opts)
        const third = await service.claimFastCheckoutWebhookRead(record.order_token, opts)
        expect([second?.claimed, second?.deferred, third?.claimed, third?.deferred]).toEqual([false, 1, false, 2])
        // Inside the interval every caller is told the claim in force: the first one's, as stored (UTC).
        expect([second?.claimedAt, third?.claimedAt]).toEqual([first!.claimedAt, first!.claimedAt])
        const claimed = await service.retrieveFastCheckoutOrder(record.id)
        expect(claimTimeMs(first!.claimedAt)).toBe(new Date(claimed.webhook_read_at!).getTime())
        expect(third!.freeInMs).toBeGreaterThan(0)
        expect(third!.freeInMs).toBeLessThanOrEqual(5_000)
        // The deferred read itself does not count as one more webhook.
        const deferredRead = await service.claimFastCheckoutWebhookRead(record.order_token, {
          intervalMs: 5_000,
          countDeferral: false,
        })
        expect(deferredRead?.deferred).toBe(2)
        // The skipped webhooks made the order due for the poll when the claim's interval ends.
        const stored = await service.retrieveFastCheckoutOrder(record.id)
        expect(stored.next_check_at).not.toBeNull()
        expect(new Date(stored.next_check_at!).getTime()).toBeLessThanOrEqual(
          new Date(stored.webhook_read_at!).getTime() + 5_000
        )
      })

      it("claims again once the interval has passed, and answers nothing for an unknown orderToken", async () => {
        const record = await service.createFastCheckoutOrders(fastCheckoutOrder())
        await service.claimFastCheckoutWebhookRead(record.order_token, { intervalMs: 5_000, countDeferral: true })
        await service.claimFastCheckoutWebhookRead(record.order_token, { intervalMs: 5_000, countDeferral: true })
        await service.updateFastCheckoutOrders({ id: record.id, webhook_read_at: new Date(Date.now() - 6_000) })
        expect(
          await service.claimFastCheckoutWebhookRead(record.order_token, { intervalMs: 5_000, countDeferral: true })
        ).toEqual({
          claimed: true,
          deferred: 0,
          freeInMs: expect.any(Number),
          claimedAt: expect.any(String),
        })
        expect(
          await service.claimFastCheckoutWebhookRead("no-such-order-token", { intervalMs: 5_000, countDeferral: true })
        ).toBeUndefined()
      })

      it("gives the claim to exactly one of many webhooks arriving at once", async () => {
        const record = await service.createFastCheckoutOrders(fastCheckoutOrder())
        const claims = await Promise.all(
          Array.from({ length: 8 }, () =>
            service.claimFastCheckoutWebhookRead(record.order_token, { intervalMs: 5_000, countDeferral: true })
          )
        )
        expect(claims.filter((c) => c?.claimed).length).toBe(1)
        expect(Math.max(...claims.map((c) => c!.deferred))).toBe(7)
      })
    })

    describe("the poll's work (listDueFastCheckoutOrderTokens)", () => {
      it("lists PAID orders without a Medusa order first, then due unpaid ones longest due first, and leaves the rest", async () => {
        const now = new Date()
        const ago = (ms: number) => new Date(now.getTime() - ms)
        const made = await service.createFastCheckoutOrders([
          fastCheckoutOrder({ order_token: "due-long-ago", next_check_at: ago(60_000) }),
          fastCheckoutOrder({
            order_token: "paid-no-order",
            status: "PAID",
            next_check_at: new Date(now.getTime() + 60_000),
          }),
          fastCheckoutOrder({ order_token: "due-just-now", next_check_at: ago(1_000) }),
          fastCheckoutOrder({ order_token: "not-due-yet", next_check_at: new Date(now.getTime() + 60_000) }),
          fastCheckoutOrder({ order_token: "paid-with-order", status: "PAID", medusa_order_id: "order_1" }),
          fastCheckoutOrder({ order_token: "cancelled", status: "CANCELLED", next_check_at: ago(60_000) }),
          fastCheckoutOrder({
            order_token: "expired-long-ago",
            expires_at: ago(3_600_000),
            last_checked_at: ago(1_000),
            next_check_at: ago(60_000),
          }),
        ])
        expect(made).toHaveLength(7)
        const due = await service.listDueFastCheckoutOrderTokens({
          limit: 10,
          maxAttempts: 5,
          expiredAfter: ago(10 * 60_000),
          unreadExpiredAfter: ago(24 * 3_600_000),
          now,
        })
        expect(due).toEqual(["paid-no-order", "due-long-ago", "due-just-now"])
        const firstOnly = await service.listDueFastCheckoutOrderTokens({
          limit: 1,
          maxAttempts: 5,
          expiredAfter: ago(10 * 60_000),
          unreadExpiredAfter: ago(24 * 3_600_000),
          now,
        })
        expect(firstOnly).toEqual(["paid-no-order"])
      })

      it("keeps reading a recorded problem until its attempts and its retry time are both spent", async () => {
        const now = new Date()
        await service.createFastCheckoutOrders([
          fastCheckoutOrder({
            order_token: "problem-attempts-left",
            status: "PAID",
            problem: "cart changed",
            attempts: 2,
          }),
          fastCheckoutOrder({
            order_token: "problem-time-left",
            status: "PAID",
            problem: "cart changed",
            attempts: 5,
            retry_until: new Date(now.getTime() + 60_000),
          }),
          fastCheckoutOrder({
            order_token: "problem-spent",
            status: "PAID",
            problem: "cart changed",
            attempts: 5,
            retry_until: new Date(now.getTime() - 1_000),
          }),
        ])
        const due = await service.listDueFastCheckoutOrderTokens({
          limit: 10,
          maxAttempts: 5,
          expiredAfter: new Date(now.getTime() - 600_000),
          unreadExpiredAfter: new Date(now.getTime() - 86_400_000),
          now,
        })
        expect(due.sort()).toEqual(["problem-attempts-left", "problem-time-left"])
      })
    })
  },
})
