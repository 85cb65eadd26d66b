/**
 * The cluster cases (run.ts runs them in this order against one cluster). They assert what a shop would
 * check (one order per paid cart, nothing lost, Tikkie's limits kept) and print what they measured;
 * timings are printed, never asserted.
 */
import assert from "node:assert/strict"
import { execFile } from "node:child_process"
import fs from "node:fs"
import { Agent, request } from "undici"
import { clusterStoreTarget } from "../../bench/fast-checkout-cluster"
import { pool, shuffle, StoreClient } from "../../bench/fast-checkout-store"
import type { RunningCluster } from "../../demo/cluster"
import { adminLogin, spawnMedusa, type MedusaInstance } from "../../demo/run"
import { isLockTimeout, SETTLEMENT_LOCK_LEASE_SECONDS, underLockOrBusy } from "../../src/utils/lock-timeout"
import { Modules } from "@medusajs/framework/utils"
import { RedisLockingProvider } from "@medusajs/locking-redis/dist/services/redis-lock"
import Redis from "ioredis"
import { SandboxControl } from "tikkie-sandbox/control-client"
import type { Delivery } from "tikkie-sandbox/deliveries"
import { consentAtBank, followToStore, type TikkieBankTestEnv } from "../helpers/tikkie-bank-env"

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Client } = require("pg") as typeof import("pg")
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { freePort } = require("../../scripts/embedded-db") as { freePort(): Promise<number> }

/** The store-wide GET order limit every instance gets; low, so the storm reaches it. */
export const GET_ORDER_LIMIT = Number(process.env.CLUSTER_GET_ORDER_LIMIT) || 10
/** Tikkie's own limit for GET order. */
const TIKKIE_GET_ORDER_LIMIT = 250
const STORM_CARTS = Number(process.env.CLUSTER_STORM_CARTS) || 60
const LIMITER_CHECKOUTS = 40
const KILL_CARTS = Number(process.env.CLUSTER_KILL_CARTS) || 20
/** At most the store's inline return slots (4): every return settles on the instance that is killed. */
const SERVER_KILL_CARTS = 4
const REDIS_STORM_CARTS = 20
const REDIS_LOST_WEBHOOKS = 4
const PG_STORM_CARTS = 20
const PG_LOST_WEBHOOKS = 4

export interface ClusterContext {
  cluster: RunningCluster
  store: StoreClient
  sandbox: SandboxControl
  db: InstanceType<typeof Client>
  close(): Promise<void>
}

export interface ClusterCase {
  name: string
  run(ctx: ClusterContext): Promise<void>
}

export async function clusterContext(cluster: RunningCluster): Promise<ClusterContext> {
  const store = new StoreClient(clusterStoreTarget(cluster))
  await store.stockUp()
  await store.loadCatalogue()
  const db = new Client({ connectionString: cluster.databaseUrl })
  await db.connect()
  const sandbox = new SandboxControl(cluster.sandboxUrl)
  const context: ClusterContext = {
    cluster,
    store,
    sandbox,
    db,
    close: async () => {
      // A case may have replaced the connection (the Postgres restart).
      await context.db.end()
      await sandbox.close()
      await store.close()
    },
  }
  return context
}

// ---------------------------------------------------------------------------------------------------

export const clusterCases: ClusterCase[] = [
  {
    name: "a worker instance on Medusa's in-memory event bus and locking refuses to start, naming what to configure",
    async run({ cluster }) {
      const { REDIS_URL: _redis, ...env } = cluster.medusaEnv
      const instance = await extraInstance(cluster, "misconfigured", { ...env, MEDUSA_WORKER_MODE: "worker" })
      const exit = await Promise.race([instance.exited, sleep(240_000).then(() => "timeout" as const)])
      await instance.stop()
      const log = fs.readFileSync(instance.logPath, "utf8")
      assert.notEqual(exit, "timeout", "the misconfigured worker kept running")
      assert.notEqual(exit, 0)
      assert.match(log, /medusa-plugin-tikkie cannot run in this configuration/)
      assert.match(log, /@medusajs\/medusa\/event-bus-redis/)
      assert.match(log, /@medusajs\/medusa\/locking-redis/)
    },
  },

  {
    name: "Fast Checkout across instances: the server answers the webhook, a worker makes the order; the workers yield the CPU to the server",
    async run({ cluster, store, sandbox, db }) {
      // Every thread of each process (a nice value is per thread on Linux).
      assert.deepEqual(threadNices(cluster.server.pid), [0])
      for (const w of cluster.workers) assert.deepEqual(threadNices(w.pid), [cluster.workerNice])
      assert.ok(cluster.workerNice > 0)
      const [cart] = await store.prepareCarts(1, "happy path")
      const { order_token } = await store.startFastCheckout(cart)
      await sandbox.post(`/_sandbox/fastcheckout/orders/${order_token}/pay`, {})
      const orderId = await waitFor(
        async () => (await ordersOfCarts(db, [cart]))[0]?.order_id,
        60_000,
        "the paid cart to become an order"
      )
      assert.deepEqual((await ordersOfCarts(db, [cart])).length, 1)
      const line = new RegExp(`Fast Checkout order ${order_token} is paid: Medusa order ${orderId} \\(via webhook\\)`)
      const settledBy = await waitFor(
        async () => cluster.instances.filter((i) => line.test(readLog(i))).map((i) => i.mode),
        10_000,
        "the settlement's log line"
      )
      assert.deepEqual(settledBy, ["worker"])
    },
  },

  {
    name: "a shopper back the moment the server answered Tikkie's webhook finds the read taken for its job: the server settles nothing, a worker makes the order",
    async run({ cluster, sandbox, store }) {
      const [checkout, warm] = await prepareFastCheckouts(store, 2)
      // A server at rest (one just started is busy compiling, and hands every return over anyway).
      for (let i = 0; i < 3; i++) await returnRoute(cluster.serverUrl, warm.sessionId)
      await new Promise((r) => setTimeout(r, 1_000))
      await sandbox.setDeliveryBehaviour("fail", 1)
      await sandbox.post(`/_sandbox/fastcheckout/orders/${checkout.orderToken}/pay`, {})
      const { orders } = await sandbox.get<{ orders: Array<{ notificationUrl: string }> }>(
        `/_sandbox/fastcheckout/orders?referenceId=${checkout.sessionId}`
      )
      const notificationUrl = new URL(orders[0].notificationUrl)
      assert.match(notificationUrl.searchParams.get("key") ?? "", /^[\w-]{32}$/)
      // The workers held still: the webhook's job waits in the queue, as in a burst.
      for (const w of cluster.workers) process.kill(w.pid, "SIGSTOP")
      let back: URL
      try {
        const hook = await request(`${cluster.serverUrl}${notificationUrl.pathname}${notificationUrl.search}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ referenceId: checkout.sessionId, orderToken: checkout.orderToken, status: "PAID" }),
        })
        await hook.body.dump()
        assert.equal(hook.statusCode, 200)
        const res = await request(
          `${cluster.serverUrl}/hooks/tikkie/fast-checkout/return?session_id=${encodeURIComponent(checkout.sessionId)}`
        )
        await res.body.dump()
        back = new URL(String(res.headers.location))
      } finally {
        for (const w of cluster.workers) process.kill(w.pid, "SIGCONT")
      }
      assert.equal(back.searchParams.get("tikkie_status"), "PROCESSING")
      assert.equal(back.searchParams.get("order_id"), null)
      const line = new RegExp(`Fast Checkout order ${checkout.orderToken} is paid: Medusa order \\S+ \\(via (\\w+)\\)`)
      const settledBy = await waitFor(
        async () => {
          const found = cluster.instances.flatMap((i) => {
            const m = line.exec(readLog(i))
            return m ? [`${i.mode} via ${m[1]}`] : []
          })
          return found.length ? found : undefined
        },
        60_000,
        "the paid cart's settlement"
      )
      assert.deepEqual(settledBy, ["worker via webhook"])
    },
  },

  {
    name: "payment link across instances: the notification reaches a worker, which makes the order",
    async run({ cluster, store, sandbox, db }) {
      const [cart] = await store.prepareCarts(1, "payment link")
      const started = await store.call<{ payment_request_token: string }>(
        "POST",
        `/store/carts/${cart}/tikkie-payment-request`,
        {}
      )
      await sandbox.post(`/_sandbox/paymentrequests/${started.payment_request_token}/pay`, {})
      const orderId = await waitFor(
        async () => (await ordersOfCarts(db, [cart]))[0]?.order_id,
        90_000,
        "the paid link's cart to become an order"
      )
      assert.equal((await ordersOfCarts(db, [cart])).length, 1)
      const line = new RegExp(
        `payment request ${started.payment_request_token} is paid: Medusa order ${orderId} \\(via (notification|webhook)`
      )
      const settledBy = await waitFor(
        async () => cluster.instances.filter((i) => line.test(readLog(i))).map((i) => i.mode),
        10_000,
        "the settlement's log line"
      )
      assert.deepEqual(settledBy, ["worker"])
    },
  },

  {
    name: `reminders of unpaid links with two worker processes running the job at once: one reminder per link, none after paying`,
    async run({ cluster, sandbox, db }) {
      const token = await adminLogin(cluster.serverUrl)
      const links: Array<{ id: string; payment_request_token: string; payer_email: string }> = []
      for (const n of [1, 2, 3]) {
        const res = await request(`${cluster.serverUrl}/admin/tikkie/payment-requests`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({
            description: `Cluster invoice ${n}`,
            amount_in_cents: 1000 + n,
            payer_email: `payer-${n}-${Date.now()}@example.nl`,
            payer_language: "nl",
          }),
        })
        assert.equal(res.statusCode, 201)
        links.push(((await res.body.json()) as { payment_request: (typeof links)[number] }).payment_request)
      }
      const day = 86_400_000
      const remindersOf = async () =>
        (
          await db.query(
            `select n."to", count(*)::int as sent from notification n
              where n.template = 'tikkie-payment-link-reminder' and n."to" = any($1) group by n."to"`,
            [links.map((l) => l.payer_email)]
          )
        ).rows.reduce((m: Record<string, number>, r: { to: string; sent: number }) => ({ ...m, [r.to]: r.sent }), {})

      // Two worker processes of their own (the store's reminder options set), started together at the job's clock.
      const both = async (now: Date, round: string) => {
        const dir = fs.mkdtempSync(`${cluster.dataDir}/remind-${round}-`)
        const env = {
          ...cluster.medusaEnv,
          MEDUSA_WORKER_MODE: "worker",
          TIKKIE_ADMIN: "0",
          TIKKIE_REMINDER_AFTER_DAYS: "3",
          TIKKIE_MAX_REMINDERS: "2",
          REMIND_NOW: now.toISOString(),
          REMIND_GO: `${dir}/go`,
        }
        const runs = ["a", "b"].map((w) => {
          const out = fs.createWriteStream(`${dir}/worker-${w}.log`, { flags: "a" })
          const child = spawnMedusa(
            ["exec", "./integration-tests/cluster/remind-links.ts"],
            { ...env, REMIND_OUT: `${dir}/${w}.json` },
            out,
            false
          )
          return new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
        })
        await waitFor(
          async () => (fs.existsSync(`${dir}/a.json.ready`) && fs.existsSync(`${dir}/b.json.ready`) ? true : undefined),
          300_000,
          "both reminder workers to boot"
        )
        fs.writeFileSync(`${dir}/go`, "")
        assert.deepEqual(await Promise.all(runs), [0, 0], `a reminder worker failed (see ${dir})`)
        return ["a", "b"].flatMap(
          (w) =>
            JSON.parse(fs.readFileSync(`${dir}/${w}.json`, "utf8")) as Array<{
              token: string
              outcome: string
              reason?: string
            }>
        )
      }

      const first = await both(new Date(Date.now() + 3.1 * day), "first")
      const sentFirst = first.filter((o) => o.outcome === "sent").map((o) => o.token)
      console.log(`    first run: ${first.map((o) => `${o.outcome}${o.reason ? ` (${o.reason})` : ""}`).join(", ")}`)
      assert.deepEqual(sentFirst.sort(), links.map((l) => l.payment_request_token).sort(), "one reminder per link")
      assert.deepEqual(await remindersOf(), Object.fromEntries(links.map((l) => [l.payer_email, 1])))

      // The first link is paid; three days later the others get their second reminder, it gets none.
      await sandbox.post(`/_sandbox/paymentrequests/${links[0].payment_request_token}/pay`, {})
      const second = await both(new Date(Date.now() + 6.2 * day), "second")
      console.log(`    second run: ${second.map((o) => `${o.outcome}${o.reason ? ` (${o.reason})` : ""}`).join(", ")}`)
      assert.deepEqual(
        second
          .filter((o) => o.outcome === "sent")
          .map((o) => o.token)
          .sort(),
        links
          .slice(1)
          .map((l) => l.payment_request_token)
          .sort()
      )
      // The paid link: settled by its notification (not listed) or found paid by the job's read, never reminded.
      assert.ok(!second.some((o) => o.token === links[0].payment_request_token && o.outcome === "sent"))
      assert.deepEqual(await remindersOf(), {
        [links[0].payer_email]: 1,
        [links[1].payer_email]: 2,
        [links[2].payer_email]: 2,
      })
    },
  },

  {
    name: "token rotation with two server instances racing: one refresh of the bank connection's tokens",
    async run({ cluster, sandbox, db }) {
      // A second server instance next to the harness's one (a shop may run several behind a load balancer).
      const second = await extraInstance(cluster, "server-2", { ...cluster.medusaEnv, MEDUSA_WORKER_MODE: "server" })
      try {
        const token = await adminLogin(cluster.serverUrl)
        const admin = async (base: string, method: "GET" | "POST", p: string, body?: unknown) => {
          const res = await request(base + p, {
            method,
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
            body: body === undefined ? undefined : JSON.stringify(body),
          })
          return { status: res.statusCode, data: (await res.body.json()) as Record<string, any> }
        }
        const started = await admin(cluster.serverUrl, "POST", "/admin/tikkie/bank/connect", {})
        assert.equal(started.status, 201, JSON.stringify(started.data))
        const browser = new Agent()
        const { location } = await consentAtBank(
          { browser, sandbox: { url: cluster.sandboxUrl } } as unknown as TikkieBankTestEnv,
          started.data.consent_url
        )
        assert.equal((await followToStore(location)).status, 200)
        await browser.close()
        await second.healthy

        // The access token is about to run out: every reader refreshes ahead of its end.
        await db.query(
          `update tikkie_bank_connection set access_expires_at = now() + interval '60 seconds' where deleted_at is null`
        )
        const version = async () =>
          (await db.query(`select token_version from tikkie_bank_connection where deleted_at is null`)).rows[0]
            .token_version
        const before = await version()
        const refreshesBefore = (await sandbox.requests("oauth.token")).length
        const reads = await Promise.all(
          [cluster.serverUrl, second.url].flatMap((base) =>
            Array.from({ length: 4 }, () => admin(base, "GET", "/admin/tikkie/bank"))
          )
        )
        const refreshes = (await sandbox.requests("oauth.token")).length - refreshesBefore
        console.log(
          `    token rotation: ${reads.length} reads on 2 server instances at once, ${refreshes} refresh(es) at the sandbox`
        )
        for (const r of reads) {
          assert.equal(r.status, 200)
          assert.equal(r.data.connection?.status, "connected", JSON.stringify(r.data.messages))
          assert.ok(r.data.balance, JSON.stringify(r.data.messages))
        }
        assert.equal(refreshes, 1)
        assert.equal(await version(), before + 1)
      } finally {
        await second.stop()
      }
    },
  },

  {
    name: `storm split across instances: ${STORM_CARTS} carts paid at once, webhooks repeated and reordered, the return route hit on the server: one order per cart`,
    async run({ cluster, store, sandbox, db }) {
      const carts = await prepareFastCheckouts(store, STORM_CARTS)
      await sandbox.clearRequests()
      await sandbox.clearDeliveries()
      const half = Math.floor(STORM_CARTS / 2)
      await sandbox.setDeliveryBehaviour("repeat", half, { times: 3 })
      await sandbox.setDeliveryBehaviour("reorder", STORM_CARTS - half)
      const leases = sampleLockLeases(cluster.redisUrl)
      const connections = sampleDatabaseConnections(cluster.databaseUrl)

      const returns: Array<Promise<{ status: number; ms: number }>> = []
      const firstPay = Date.now()
      await pool(shuffle(carts.map((c, i) => ({ ...c, i }))), 25, async ({ orderToken, sessionId, i }) => {
        await sandbox.post(`/_sandbox/fastcheckout/orders/${orderToken}/pay`, {})
        // A third of the shoppers come back to the store at the moment of paying.
        if (i % 3 === 0) returns.push(returnRoute(cluster.serverUrl, sessionId))
      })
      const cartIds = carts.map((c) => c.cart)
      await waitFor(
        async () => ((await ordersOfCarts(db, cartIds)).length >= STORM_CARTS ? true : undefined),
        300_000,
        "every storm cart to become an order"
      )
      const allOrdersAt = Date.now()
      const deliveries = (await settledDeliveries(sandbox, 60_000)).filter((d) =>
        carts.some((c) => c.orderToken === orderTokenOf(d))
      )
      await sleep(3_000) // late duplicates are handled before counting
      const leaseTtls = await leases.stop()
      const held = await connections.stop()
      const returned = await Promise.all(returns)

      const orders = await ordersOfCarts(db, cartIds)
      const perCart = countBy(orders.map((o) => o.cart_id))
      const lastOrder = Math.max(...orders.map((o) => o.created_at.getTime()))
      const getOrders = await sandbox.requests("fastCheckout.getOrder")
      const busiest = Math.max(0, ...callsPerSecond(getOrders))
      const attempts = deliveries.flatMap((d) => d.attempts)
      const timedOut = attempts.filter((a) => a.error && /timeout|timed out|aborted/i.test(a.error)).length
      // A record names its order a moment after the order exists (the payer is copied onto the order first):
      // seconds on a loaded machine, so wait for it (a run saw one still unnamed 3 s after every order).
      const readRecords = () =>
        db.query(
          `select cart_id, medusa_order_id from tikkie_fast_checkout_order where cart_id = any($1) and deleted_at is null`,
          [cartIds]
        )
      const recordsNamedAt = Date.now()
      await waitFor(
        async () => ((await readRecords()).rows.every((r) => r.medusa_order_id) ? true : undefined),
        60_000,
        "every record to name its order"
      ).catch(
        () => undefined // the assertion below says which
      )
      const records = await readRecords()
      console.log(
        `    storm: ${orders.length} orders for ${STORM_CARTS} carts; first pay to last order ${sec(lastOrder - firstPay)} ` +
          `(all seen after ${sec(allOrdersAt - firstPay)}); ${attempts.length} webhook POSTs for ${deliveries.length} webhooks, ` +
          `${timedOut} timed out, ${attempts.filter((a) => a.error).length} failed; GET order ${getOrders.length} calls, busiest second ${busiest} ` +
          `(limit ${GET_ORDER_LIMIT}), 429s ${getOrders.filter((r) => r.status === 429).length}; return route ${returned.length} hits, ` +
          `median ${median(returned.map((r) => r.ms)).toFixed(0)} ms, max ${Math.max(...returned.map((r) => r.ms)).toFixed(0)} ms; ` +
          `settlement lock leases seen ${leaseTtls.length}, longest TTL ${Math.max(0, ...leaseTtls)} s; ` +
          `every record named its order ${sec(Date.now() - recordsNamedAt)} later`
      )
      console.log(
        `    storm: store database connections of all instances at most ${held.connections} ` +
          `(${held.idleInTransaction} idle in a transaction, ${held.waitingOnAdvisory} waiting for an advisory lock); held at once at most ` +
          `${held.settlementLocks} settlement locks (Postgres locking's) and ${held.returnSlots} return slots`
      )

      assert.equal(Object.keys(perCart).length, STORM_CARTS, "every paid cart has an order")
      assert.deepEqual(
        Object.entries(perCart).filter(([, n]) => n > 1),
        [],
        "no cart has two orders"
      )
      for (const r of records.rows)
        assert.equal(r.medusa_order_id, orders.find((o) => o.cart_id === r.cart_id)?.order_id)
      assert.equal(getOrders.filter((r) => r.status === 429).length, 0, "Tikkie never answered 429")
      assert.ok(busiest <= TIKKIE_GET_ORDER_LIMIT, `busiest second ${busiest} > ${TIKKIE_GET_ORDER_LIMIT}`)
      assert.ok(
        returned.every((r) => r.status === 303),
        `return route answers: ${JSON.stringify(countBy(returned.map((r) => String(r.status))))}`
      )
      // The settlement lock's lease (not Redis locking's default 60 s) is what a killed holder leaves behind.
      assert.ok(leaseTtls.length > 0, "no settlement lock was seen in Redis")
      assert.ok(Math.max(...leaseTtls) <= SETTLEMENT_LOCK_LEASE_SECONDS, `a lock lease of ${Math.max(...leaseTtls)} s`)
    },
  },

  {
    name: `the store-wide GET order limit (${GET_ORDER_LIMIT}/s) driven from every instance at once: reached, and never exceeded`,
    async run({ cluster, store, sandbox, db }) {
      // Checkouts nobody paid: each settlement is one GET order (the answer is NEW), so the demand is
      // GET order calls only. Half the checkouts get a shopper's return (settled on the server, or handed
      // to a worker once its inline slots are taken), the other half a webhook (settled on a worker: a
      // webhook names an order; its body is only a hint, the order is read). Each order is read once, so
      // every GET beyond the returns' share was made by a worker.
      const checkouts = await prepareFastCheckouts(store, LIMITER_CHECKOUTS)
      const half = Math.floor(checkouts.length / 2)
      await sandbox.clearRequests()
      const t0 = Date.now()
      const returns = checkouts.slice(0, half).map((c) => returnRoute(cluster.serverUrl, c.sessionId))
      const webhooks = await Promise.all(
        checkouts.slice(half).map(async (c) => {
          const res = await request(`${cluster.serverUrl}/hooks/tikkie/fast-checkout`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ referenceId: c.sessionId, orderToken: c.orderToken, status: "PAID" }),
          })
          await res.body.dump()
          return res.statusCode
        })
      )
      const returned = await Promise.all(returns)
      // The workers' settlements end when no GET order came for a while.
      let calls = 0
      await waitFor(
        async () => {
          const now = (await sandbox.requests("fastCheckout.getOrder")).length
          const quiet = now === calls && now >= LIMITER_CHECKOUTS
          calls = now
          return quiet ? true : undefined
        },
        180_000,
        "the settlements to end"
      )
      const getOrders = await sandbox.requests("fastCheckout.getOrder")
      const perSecond = callsPerSecond(getOrders)
      // On Redis (every multi-instance store) the windows and the orders' read claims are kept there: no
      // database round trip per GET order or per webhook (modules/tikkie/database-rate-limiter.ts).
      const { rows: windowRows } = await db.query(
        `select count(*)::int as n from tikkie_rate_window where key = 'fastCheckout.getOrder' and "window" >= $1`,
        [Math.floor(t0 / 1000)]
      )
      assert.equal(windowRows[0].n, 0, "the GET order windows of the burst were counted in Redis, not the database")
      const { rows: claimRows } = await db.query(
        `select count(*)::int as n from tikkie_fast_checkout_order where order_token = any($1) and webhook_read_at is not null`,
        [checkouts.map((c) => c.orderToken)]
      )
      assert.equal(claimRows[0].n, 0, "the read claims of the burst were taken in Redis, not the database")
      console.log(
        `    limiter: ${returned.length} returns on the server and ${webhooks.length} webhooks for the workers made ${getOrders.length} GET order calls ` +
          `in ${sec(Date.now() - t0)}; per second: ${perSecond.join(" ")}`
      )
      assert.ok(
        webhooks.every((s) => s === 200),
        `webhook answers ${JSON.stringify(countBy(webhooks.map(String)))}`
      )
      assert.ok(
        returned.every((r) => r.status === 303),
        `return answers ${JSON.stringify(countBy(returned.map((r) => String(r.status))))}`
      )
      assert.ok(getOrders.length > returned.length, "the workers' settlements read the orders too")
      assert.equal(getOrders.filter((r) => r.status === 429).length, 0)
      // Driven to the limit: most seconds of the burst at it (a second cut by the start or end is lower).
      assert.ok(
        perSecond.filter((n) => n >= GET_ORDER_LIMIT).length >= perSecond.length / 2,
        "the demand drove the limiter to its limit"
      )
      // Never exceeded for the store as a whole, counted as the sandbox (like Tikkie) counts: by the second a
      // call arrives in. The limiter counts the second a call takes its slot and gives none in a second's
      // last SLOT_GUARD_MS, so a call arrives in its slot's second unless something (a busy event loop, here
      // or at the sandbox in this process) holds it longer than that between slot and arrival; such a call
      // moves into the next second. What holds even then: any k seconds running hold at most k + 1 seconds'
      // worth (with the limiter per instance instead of store-wide, three instances would make that three
      // times as many). The seconds over the limit are printed for the bench's record.
      console.log(
        `    limiter: seconds over ${GET_ORDER_LIMIT} at the sandbox: ${perSecond.filter((n) => n > GET_ORDER_LIMIT).length}`
      )
      for (let k = 1; k <= perSecond.length; k++) {
        for (let i = 0; i + k <= perSecond.length; i++) {
          const sum = perSecond.slice(i, i + k).reduce((a, b) => a + b, 0)
          assert.ok(
            sum <= (k + 1) * GET_ORDER_LIMIT,
            `${sum} calls in the ${k} seconds from the ${i + 1}th: ${perSecond.join(" ")}`
          )
        }
      }
    },
  },

  {
    name: `settlement locks on Redis: a ${SETTLEMENT_LOCK_LEASE_SECONDS} s lease renewed while held; a lease lost under a finished settlement keeps its result`,
    async run({ cluster }) {
      const redis = new Redis(cluster.redisUrl)
      const warnings: string[] = []
      const logger = { warn: (m: string) => warnings.push(m), info() {}, error() {}, debug() {} }
      const locking = new RedisLockingProvider({ redisClient: redis, logger } as never, {})
      const container = { resolve: (key: string) => (key === Modules.LOCKING ? locking : logger) } as never
      try {
        // Held past the lease: renewed, never above the lease, and nobody else gets in meanwhile.
        const ttls: number[] = []
        const long = underLockOrBusy(
          container,
          "tikkie:cluster-test:long",
          async () => {
            for (let i = 0; i < 6; i++) {
              ttls.push(await redis.ttl("medusa_lock:tikkie:cluster-test:long"))
              await sleep(SETTLEMENT_LOCK_LEASE_SECONDS * 250)
            }
            return "long done"
          },
          () => "busy"
        )
        await sleep(500)
        const other = await underLockOrBusy(
          container,
          "tikkie:cluster-test:long",
          async () => "ran",
          (r) => `busy: ${r}`,
          1
        )
        assert.equal(await long, "long done")
        assert.ok(other.startsWith("busy: ") && isLockTimeout(other), other)
        assert.ok(
          ttls.every((t) => t > 0 && t <= SETTLEMENT_LOCK_LEASE_SECONDS),
          `TTLs ${ttls.join(" ")}`
        )

        // The lease lapses under a settlement (here: its key is taken away): the work it finished stands.
        const lost = await underLockOrBusy(
          container,
          "tikkie:cluster-test:lost",
          async () => {
            await redis.del("medusa_lock:tikkie:cluster-test:lost")
            await sleep(SETTLEMENT_LOCK_LEASE_SECONDS * 400)
            return "order made"
          },
          () => "busy"
        )
        assert.equal(lost, "order made")
        assert.ok(
          warnings.some((w) => /lease lapsed before the settlement ended/.test(w)),
          warnings.join("\n")
        )
      } finally {
        redis.disconnect()
      }
    },
  },

  {
    name: `a server SIGKILLed while shoppers' returns complete their carts: one order per paid cart (${SERVER_KILL_CARTS}), each linked to its cart and paid`,
    async run({ cluster, store, sandbox, db }) {
      // A second server (the harness's own keeps answering Tikkie and the shoppers afterwards), killed
      // while its inline settlements are inside Medusa's completeCartWorkflow: each order inserted, its
      // link to the cart held up by a lock on order_cart, so the kill lands between those steps.
      const victim = await extraInstance(cluster, "server-killed", {
        ...cluster.medusaEnv,
        MEDUSA_WORKER_MODE: "server",
      })
      await victim.healthy
      const carts = await prepareFastCheckouts(store, SERVER_KILL_CARTS)
      const cartIds = carts.map((c) => c.cart)
      const t0 = new Date()
      // Their webhooks are lost: the returns, then the poll, settle them.
      await sandbox.setDeliveryBehaviour("fail", carts.length)
      const lock = new Client({ connectionString: cluster.databaseUrl })
      await lock.connect()
      let halfMade = 0
      try {
        await lock.query("begin")
        await lock.query("lock table order_cart in exclusive mode")
        await pool(carts, carts.length, async ({ orderToken }) => {
          await sandbox.post(`/_sandbox/fastcheckout/orders/${orderToken}/pay`, {})
        })
        const returns = carts.map((c) => returnRoute(victim.url, c.sessionId).catch(() => undefined))
        // Every return settles inline on the victim (no more carts than inline slots, webhooks lost): once
        // every cart's order is inserted, each completion waits to link it to its cart.
        const inserted = async () =>
          (await db.query(`select count(*)::int as n from "order" where created_at >= $1`, [t0])).rows[0].n as number
        await waitFor(
          async () => ((await inserted()) >= carts.length ? true : undefined),
          120_000,
          "every completion to insert its order and wait to link it"
        )
        halfMade = await inserted()
        await victim.kill()
        await Promise.all(returns)
      } finally {
        await lock.query("rollback").catch(() => undefined)
        await lock.end()
        await victim.stop()
      }
      const killedAt = Date.now()
      // Finished means linked, captured and booked: a finish cut short is taken up by the next settlement
      // (the poll's included), so the wait covers that too.
      const finishedAll = async () =>
        (await ordersOfCarts(db, cartIds)).length >= carts.length &&
        (await ordersMadeSince(db, t0)).every((o) => o.cart_id && o.paid && o.booked)
      await waitFor(
        async () => ((await finishedAll()) ? true : undefined),
        300_000,
        "every paid cart to become an order, linked and paid, after the kill"
      ).catch(() => undefined) // the assertions below say what is missing
      await sleep(3_000)
      const orders = await ordersOfCarts(db, cartIds)
      const made = await ordersMadeSince(db, t0)
      const { rows: records } = await db.query(
        `select cart_id, medusa_order_id, problem from tikkie_fast_checkout_order where cart_id = any($1) and deleted_at is null`,
        [cartIds]
      )
      console.log(
        `    server kill: ${halfMade} orders inserted and waiting for their cart link when ${victim.name} was SIGKILLed; ` +
          `${orders.length} of ${carts.length} carts an order ${sec(Date.now() - killedAt)} after; ${made.length} orders made since, ` +
          `${made.filter((o) => !o.cart_id).length} without a cart, ${made.filter((o) => !o.paid).length} without a captured payment; ` +
          `problems ${JSON.stringify(records.filter((r) => r.problem).map((r) => r.problem))}`
      )
      // The kill landed inside the victim's completions: a worker found such an order and finished it.
      const finished = cluster.workers.flatMap((w) => readLog(w).match(/was left half made by a completion/g) ?? [])
      console.log(`    server kill: ${finished.length} half-made order(s) finished by the workers`)
      assertOneFinishedOrderPerCart(orders, made, carts.length)
      for (const r of records) assert.equal(r.medusa_order_id, orders.find((o) => o.cart_id === r.cart_id)?.order_id)
      assert.ok(halfMade > 0 && finished.length > 0, "the kill landed inside a completion")
    },
  },

  {
    name: `Redis SIGKILLed and restarted empty mid-storm: the plugin's scheduled jobs come back by themselves, and paid carts whose webhooks were lost become orders`,
    async run({ cluster, store, sandbox, db }) {
      const jobs = async () => {
        const redis = new Redis(cluster.redisUrl, { maxRetriesPerRequest: 1 })
        try {
          const names: string[] = []
          for (const key of await redis.keys("bull:*:repeat")) {
            if ((await redis.type(key)) !== "zset") continue
            names.push(...(await redis.zrange(key, 0, -1)).filter((k) => k.includes("job-tikkie-")))
          }
          return names
        } finally {
          redis.disconnect()
        }
      }
      const before = await jobs()
      const carts = await prepareFastCheckouts(store, REDIS_STORM_CARTS)
      const cartIds = carts.map((c) => c.cart)
      await sandbox.clearDeliveries()
      // The first few webhooks are lost: only the poll can make those orders.
      await sandbox.setDeliveryBehaviour("fail", REDIS_LOST_WEBHOOKS)
      const firstPay = Date.now()
      const pays = pool(carts, 8, async ({ orderToken }) => {
        await sandbox.post(`/_sandbox/fastcheckout/orders/${orderToken}/pay`, {}).catch(() => undefined)
      })
      await sleep(1_500)
      const killedAt = Date.now()
      await cluster.restartRedisEmpty(5_000)
      const backAt = Date.now()
      await pays
      const afterRestart = await jobs()
      await waitFor(
        async () => ((await ordersOfCarts(db, cartIds)).length >= carts.length ? true : undefined),
        240_000,
        "every paid cart to become an order after Redis came back"
      ).catch(() => undefined)
      const orders = await ordersOfCarts(db, cartIds)
      const last = Math.max(...orders.map((o) => o.created_at.getTime()))
      const restored = await waitFor(
        async () => ((await jobs()).length >= before.length ? await jobs() : undefined),
        60_000,
        "the schedules"
      ).catch(() => [] as string[])
      const registeredAgain = cluster.workers.filter((w) => /were gone from Redis .*registered again/.test(readLog(w)))
      console.log(
        `    redis restart: ${before.length} plugin schedules before, ${afterRestart.length} right after, ${restored.length} later ` +
          `(registered again by ${registeredAgain.map((w) => w.name).join(", ") || "nobody"}); Redis killed ${sec(killedAt - firstPay)} after the first pay, ` +
          `back ${sec(backAt - killedAt)} later; ${orders.length} of ${carts.length} carts an order, the last ${sec(last - backAt)} after Redis was back`
      )
      assert.deepEqual(
        [...before].sort(),
        (await pluginJobNames()).map((n) => `schedule_job-${n}`),
        "every job of src/jobs is scheduled before"
      )
      assert.equal(restored.length, before.length, "the plugin's schedules are back")
      assert.equal(
        Object.keys(countBy(orders.map((o) => o.cart_id))).length,
        carts.length,
        "every paid cart has an order"
      )
      assert.equal(orders.length, carts.length, "no cart has two orders")
    },
  },

  {
    name: `Postgres SIGKILLed and restarted mid-storm: every paid cart (${PG_STORM_CARTS}) one order, linked and paid, within seconds of its return, no problem left`,
    async run(ctx) {
      const { cluster, store, sandbox } = ctx
      const carts = await prepareFastCheckouts(store, PG_STORM_CARTS)
      const cartIds = carts.map((c) => c.cart)
      const t0 = new Date()
      await sandbox.clearDeliveries()
      // A few webhooks lost as well: the return route, the retries and the poll make those orders.
      await sandbox.setDeliveryBehaviour("fail", PG_LOST_WEBHOOKS)
      const firstPay = Date.now()
      const pays = pool(carts, 8, async ({ orderToken, sessionId }, i) => {
        await sandbox.post(`/_sandbox/fastcheckout/orders/${orderToken}/pay`, {}).catch(() => undefined)
        if (i % 3 === 0) await returnRoute(cluster.serverUrl, sessionId).catch(() => undefined)
      })
      await sleep(2_000)
      // The test's own idle connection dies with the server: its error is expected, not the harness's end.
      ctx.db.on("error", () => undefined)
      const killedAt = Date.now()
      await cluster.restartPostgresHard!(5_000)
      const backAt = Date.now()
      await pays
      // The test's own connection died with the server.
      await ctx.db.end().catch(() => undefined)
      ctx.db = new Client({ connectionString: cluster.databaseUrl })
      await ctx.db.connect()
      const db = ctx.db
      await waitFor(
        async () => ((await ordersOfCarts(db, cartIds)).length >= carts.length ? true : undefined),
        180_000,
        "every paid cart to become an order after Postgres came back"
      ).catch(() => undefined) // the assertions below say what is missing
      const allAt = Date.now()
      await sleep(3_000)
      const orders = await ordersOfCarts(db, cartIds)
      const last = Math.max(...orders.map((o) => o.created_at.getTime()))
      const made = await ordersMadeSince(db, t0)
      const { rows: records } = await db.query(
        `select cart_id, medusa_order_id, problem from tikkie_fast_checkout_order where cart_id = any($1) and deleted_at is null`,
        [cartIds]
      )
      console.log(
        `    postgres restart: killed ${sec(killedAt - firstPay)} after the first pay, back ${sec(backAt - killedAt)} later; ` +
          `${orders.length} of ${carts.length} carts an order, the last ${sec(last - backAt)} after Postgres was back (all seen after ${sec(allAt - backAt)}); ` +
          `${made.length} orders made since, ${made.filter((o) => !o.cart_id).length} without a cart, ` +
          `${made.filter((o) => !o.paid || !o.booked).length} without a captured, booked payment; ` +
          `problems ${JSON.stringify(records.filter((r) => r.problem).map((r) => r.problem))}`
      )
      assertOneFinishedOrderPerCart(orders, made, carts.length)
      assert.deepEqual(
        records.filter((r) => r.problem),
        [],
        "no record left with a problem"
      )
    },
  },

  {
    name: `a worker SIGKILLed between paid and order: every one of ${KILL_CARTS} orders still completes`,
    async run({ cluster, store, sandbox, db }) {
      const carts = await prepareFastCheckouts(store, KILL_CARTS)
      await sandbox.clearDeliveries()
      const victim = cluster.workers[0]
      let killedAt = 0
      const pays = pool(carts, KILL_CARTS, async ({ orderToken }) => {
        await sandbox.post(`/_sandbox/fastcheckout/orders/${orderToken}/pay`, {})
      })
      await sleep(50)
      killedAt = Date.now()
      await victim.kill("SIGKILL")
      await pays
      const cartIds = carts.map((c) => c.cart)
      const doneBeforeKill = (await ordersOfCarts(db, cartIds)).filter((o) => o.created_at.getTime() <= killedAt).length
      await waitFor(
        async () => ((await ordersOfCarts(db, cartIds)).length >= KILL_CARTS ? true : undefined),
        400_000,
        "every order after the kill"
      )
      const orders = await ordersOfCarts(db, cartIds)
      const last = Math.max(...orders.map((o) => o.created_at.getTime()))
      console.log(
        `    worker kill: ${victim.name} (pid ${victim.pid}) SIGKILLed 50 ms after the pays began; ${doneBeforeKill} orders existed then; ` +
          `the last of ${orders.length} orders ${sec(last - killedAt)} after the kill`
      )
      assert.equal(Object.keys(countBy(orders.map((o) => o.cart_id))).length, KILL_CARTS)
      assert.equal(orders.length, KILL_CARTS, "no cart has two orders")
    },
  },
]

// ---------------------------------------------------------------------------------------------------

/** The distinct nice values of a process's threads (/proc/<pid>/task/<tid>/stat, field 19). */
function threadNices(pid: number): number[] {
  const tasks = fs.readdirSync(`/proc/${pid}/task`)
  const nices = tasks.map((tid) => {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8")
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16])
  })
  return [...new Set(nices)]
}

/** One more Medusa instance on the cluster's database (its own process, log and free port). */
async function extraInstance(cluster: RunningCluster, name: string, env: Record<string, string>) {
  const port = await freePort()
  const logPath = `${cluster.dataDir}/medusa-${name}.log`
  const out = fs.createWriteStream(logPath, { flags: "a" })
  const child = spawnMedusa(
    ["start", "--port", String(port)],
    { ...env, TIKKIE_ADMIN: "0", PORT: String(port) },
    out,
    false
  )
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
  const url = `http://localhost:${port}`
  const healthy = (async () => {
    const until = Date.now() + 300_000
    while (child.exitCode === null && Date.now() < until) {
      const ok = await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false
      )
      if (ok) return
      await sleep(250)
    }
    throw new Error(`${name} did not start (see ${logPath})`)
  })()
  healthy.catch(() => {})
  return {
    url,
    logPath,
    exited,
    healthy,
    name,
    /** A crash: the whole process group at once, nothing cleaned up. */
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGKILL")
      await exited
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        process.kill(-child.pid!, "SIGTERM")
        await Promise.race([exited, sleep(10_000)])
        if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGKILL")
      }
      out.end()
    },
  }
}

async function prepareFastCheckouts(store: StoreClient, n: number) {
  const cartIds = await store.prepareCarts(n, "carts")
  const out: Array<{ cart: string; orderToken: string; sessionId: string }> = []
  await pool(cartIds, 16, async (cart) => {
    const s = await store.startFastCheckout(cart)
    out.push({ cart, orderToken: s.order_token, sessionId: s.payment_session_id })
  })
  return out
}

async function returnRoute(serverUrl: string, sessionId: string): Promise<{ status: number; ms: number }> {
  const t0 = performance.now()
  const res = await request(
    `${serverUrl}/hooks/tikkie/fast-checkout/return?session_id=${encodeURIComponent(sessionId)}`
  )
  await res.body.dump()
  return { status: res.statusCode, ms: performance.now() - t0 }
}

async function ordersOfCarts(db: InstanceType<typeof Client>, cartIds: string[]) {
  const { rows } = await db.query<{ cart_id: string; order_id: string; created_at: Date }>(
    `select oc.cart_id, oc.order_id, o.created_at from order_cart oc join "order" o on o.id = oc.order_id
      where oc.cart_id = any($1) and oc.deleted_at is null and o.deleted_at is null`,
    [cartIds]
  )
  return rows
}

/** Every order made since `t0`: its cart (none: an order its completion never linked), paid and booked. */
async function ordersMadeSince(db: InstanceType<typeof Client>, t0: Date) {
  const { rows } = await db.query<{ id: string; cart_id: string | null; paid: boolean; booked: boolean }>(
    `select o.id, oc.cart_id,
            exists (select 1 from order_payment_collection opc join payment p on p.payment_collection_id = opc.payment_collection_id
                     where opc.order_id = o.id and opc.deleted_at is null and p.captured_at is not null and p.deleted_at is null) as paid,
            exists (select 1 from order_transaction t where t.order_id = o.id and t.reference = 'capture' and t.deleted_at is null) as booked
       from "order" o left join order_cart oc on oc.order_id = o.id and oc.deleted_at is null
      where o.created_at >= $1 and o.deleted_at is null`,
    [t0]
  )
  return rows
}

async function settledDeliveries(sandbox: SandboxControl, timeoutMs: number): Promise<Delivery[]> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const deliveries = await sandbox.deliveries("fastCheckout.webhook")
    if (!deliveries.some((d) => d.state === "pending" || d.state === "held") || Date.now() > until) return deliveries
    await sleep(500)
  }
}

const orderTokenOf = (d: Delivery) => (d.body as { orderToken?: string }).orderToken

/**
 * Reads the remaining lease (TTL) of every settlement lock in Redis every 100 ms (redis-cli, which comes
 * with Debian's redis-server), until stopped.
 */
function sampleLockLeases(redisUrl: string): { stop(): Promise<number[]> } {
  const ttls: number[] = []
  let running = true
  // Settlement locks only (`tikkie:fast-checkout:<orderToken>`, `tikkie:payment-request:<token>`): not a
  // cart's start lock, nor the return routes' inline-settlement slots, whose leases guard other work.
  const script =
    `local r = {} for _, p in ipairs({'medusa_lock:tikkie:fast-checkout:*', 'medusa_lock:tikkie:payment-request:*'}) do ` +
    `for _, k in ipairs(redis.call('KEYS', p)) do if not string.find(k, ':start:', 1, true) then r[#r + 1] = redis.call('TTL', k) end end end return r`
  const loop = (async () => {
    while (running) {
      const out = await new Promise<string>((resolve) =>
        execFile("redis-cli", ["-u", redisUrl, "--no-raw", "EVAL", script, "0"], (err, stdout) =>
          resolve(err ? "" : stdout)
        )
      )
      for (const m of out.matchAll(/\(integer\) (-?\d+)/g)) if (Number(m[1]) > 0) ttls.push(Number(m[1]))
      await sleep(100)
    }
  })()
  return {
    stop: async () => {
      running = false
      await loop
      return ttls
    },
  }
}

/**
 * The store database's connections from every instance, sampled every 100 ms: the most at once, the most
 * idle in a transaction (a lock or slot held through a settlement) and waiting for an advisory lock, and
 * the most advisory locks held at once: one-key ones are Postgres locking's (`execute`: settlement locks),
 * two-key ones the return routes' inline slots (workflows/utils/inline-settlement-slots.ts).
 */
function sampleDatabaseConnections(databaseUrl: string): {
  stop(): Promise<{
    connections: number
    idleInTransaction: number
    waitingOnAdvisory: number
    settlementLocks: number
    returnSlots: number
  }>
} {
  const most = { connections: 0, idleInTransaction: 0, waitingOnAdvisory: 0, settlementLocks: 0, returnSlots: 0 }
  let running = true
  const db = new Client({ connectionString: databaseUrl })
  const loop = (async () => {
    await db.connect()
    while (running) {
      const { rows } = await db.query(
        `select
           (select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid())::int as connections,
           (select count(*) from pg_stat_activity where datname = current_database() and state like 'idle in transaction%')::int as "idleInTransaction",
           (select count(*) from pg_stat_activity where datname = current_database() and wait_event = 'advisory')::int as "waitingOnAdvisory",
           (select count(*) from pg_locks where locktype = 'advisory' and granted and objsubid = 1)::int as "settlementLocks",
           (select count(*) from pg_locks where locktype = 'advisory' and granted and objsubid = 2)::int as "returnSlots"`
      )
      for (const k of Object.keys(most) as Array<keyof typeof most>) most[k] = Math.max(most[k], Number(rows[0][k]))
      await sleep(100)
    }
  })()
  return {
    stop: async () => {
      running = false
      await loop
      await db.end()
      return most
    },
  }
}

function readLog(instance: MedusaInstance): string {
  try {
    return fs.readFileSync(instance.logPath, "utf8")
  } catch {
    return ""
  }
}

async function waitFor<T>(fn: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const v = await fn()
    if (v !== undefined && !(Array.isArray(v) && v.length === 0)) return v
    if (Date.now() > until) throw new Error(`gave up waiting ${timeoutMs / 1000} s for ${what}`)
    await sleep(250)
  }
}

/**
 * GET order calls the sandbox received in each wall-clock second, in order: by arrival (the log's `at` is
 * when the sandbox answered; `durationMs` before it the request came in).
 */
function callsPerSecond(requests: Array<{ at: string; durationMs: number }>): number[] {
  const bySecond = countBy(requests.map((r) => String(Math.floor((Date.parse(r.at) - r.durationMs) / 1000))))
  return Object.entries(bySecond)
    .sort((a, b) => Number(a[0]) - Number(b[0]))
    .map(([, n]) => n)
}

function countBy(xs: string[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const x of xs) out[x] = (out[x] ?? 0) + 1
  return out
}

function median(xs: number[]): number {
  if (!xs.length) return NaN
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The names of the plugin's scheduled jobs, from each job file's own `config` (src/jobs). */
async function pluginJobNames(): Promise<string[]> {
  const dir = `${__dirname}/../../src/jobs`
  const names: string[] = []
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
    names.push(((await import(`${dir}/${f}`)) as { config: { name: string } }).config.name)
  }
  return names.sort()
}

/** Each paid cart has exactly one order, linked to it, captured and booked. */
function assertOneFinishedOrderPerCart(
  orders: Array<{ cart_id: string }>,
  made: Array<{ cart_id: string | null; paid: boolean; booked: boolean }>,
  carts: number
) {
  assert.equal(Object.keys(countBy(orders.map((o) => o.cart_id))).length, carts, "every paid cart has an order")
  assert.equal(made.length, carts, "no cart has a second order, linked or not")
  assert.deepEqual(
    made.filter((o) => !o.cart_id || !o.paid || !o.booked),
    [],
    "every order linked, captured and booked"
  )
}
