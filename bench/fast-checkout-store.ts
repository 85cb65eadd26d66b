import { randomBytes } from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { monitorEventLoopDelay } from "node:perf_hooks"
import { Agent, request } from "undici"
import { DEMO } from "../demo/constants"
import { adminLogin, startDemo, type RunningDemo } from "../demo/run"
import { HEAP_SNAPSHOTS, heapGrowth, takeHeapSnapshot, type HeapSummary } from "./heap-snapshot"
import { SandboxControl } from "tikkie-sandbox/control-client"
import type { Delivery } from "tikkie-sandbox/deliveries"
import type { LoggedRequest } from "tikkie-sandbox/request-log"
import { medusaPid, readMemory, type ProcessMemory } from "./process-memory"
import { machineBusySeconds, readCpuSeconds } from "./process-cpu"
import { fmt, median, percentile } from "./stats"
import { benchMode, note } from "./summary"
import { notePaidToOrder, paidWarmupPairs, printRouteBreakdown, readRouteTimings } from "./settlement-breakdown"

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { freePort } = require("../scripts/embedded-db") as { freePort(): Promise<number> }
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Client } = require("pg") as typeof import("pg")

/**
 * Issue 3's store-level figures, measured side by side in one run against one demo store (embedded
 * Postgres, the sandbox, `medusa start` on this repository, all from demo/run.ts's startDemo) on a
 * fresh temporary data directory and free ports:
 *
 * 1. creating a Fast Checkout session (`POST /store/carts/:id/tikkie-fast-checkout`) versus a session of
 *    Medusa's system provider (`POST /store/payment-collections` + `POST .../payment-sessions`) on the
 *    same kind of fresh cart, alternating A/B;
 * 2. webhook received to order created versus `POST /store/carts/:id/complete` of a cart with a system
 *    session, alternating A/B, one at a time;
 * 3. the storm: BENCH_ABANDONED (200) checkouts started and never paid, then BENCH_STORM_ORDERS (default
 *    1,000) carts with Fast Checkout started, then every order paid (shuffled, 50 pays at a time) with
 *    every webhook delivered three times (BENCH_STORM_WEBHOOK_TIMES), next to its baseline in the same
 *    run: as many carts with a system-provider session completed by the storefront, 50 at a time. Wall
 *    time, orders/s, ratio, webhook answer latency and timeouts (the sandbox's delivery log), the busiest
 *    second of GET order and its 429s, GET order calls per paid order and per abandoned checkout, RSS of
 *    each instance;
 * 4. the flood: BENCH_FLOOD_WEBHOOKS (20,000) forged webhooks, BENCH_FLOOD_CONCURRENCY (64) at a time,
 *    while real orders are paid one at a time: paid -> order against the same without the flood, the
 *    store API's p99, RSS growth; with BENCH_HEAP_SNAPSHOTS=1 (single process) also heap snapshots
 *    before and at the end of the flood: the live heap after V8's full GC, what grew, and the RSS then.
 *
 * Nothing here passes or fails: it prints what it measured (and what went wrong, with counts).
 */

/**
 * Fast Checkout orders of the bench's stores live a day (the provider's expirationSeconds, through the
 * demo's TIKKIE_EXPIRATION_SECONDS) unless set otherwise: preparing a default-size storm takes longer
 * than the default 15 minutes on 2 cores, and an order that expired before it was paid is no storm.
 */
process.env.TIKKIE_EXPIRATION_SECONDS ||= "86400"

/** BENCH_PARTS=paid,storm: only those measurements (sessions, paid, storm, flood, kill (cluster only); all by default). */
export const PARTS = new Set(
  (process.env.BENCH_PARTS || "sessions,paid,storm,flood,kill").split(",").map((p) => p.trim())
)
const STORM_ORDERS = intEnv("BENCH_STORM_ORDERS", 1000)
const SESSION_PAIRS = intEnv("BENCH_SESSION_PAIRS", 30)
const COMPLETE_PAIRS = intEnv("BENCH_COMPLETE_PAIRS", 20)
const WARMUP_PAIRS = 3
/** Carts prepared at once: the store is one Node process; more only queues inside it. */
export const PREP_CONCURRENCY = intEnv("BENCH_PREP_CONCURRENCY", 16)
const PAY_CONCURRENCY = 50
/** Checkouts started and never paid, open during the storm (the poll reads them). */
const ABANDONED = intEnv("BENCH_ABANDONED", 200, 0)
const FLOOD_WEBHOOKS = intEnv("BENCH_FLOOD_WEBHOOKS", 20_000)
const FLOOD_CONCURRENCY = intEnv("BENCH_FLOOD_CONCURRENCY", 64)
const FLOOD_ORDERS = intEnv("BENCH_FLOOD_ORDERS", 20)
/** Give up waiting for the storm's orders this long after the first pay, or after this long without a new one. */
const STORM_TIMEOUT_MS = intEnv("BENCH_STORM_TIMEOUT_S", 900) * 1000
/** How many times the sandbox sends each storm webhook at once (Tikkie itself sends once, retrying only failures). */
const STORM_WEBHOOK_TIMES = intEnv("BENCH_STORM_WEBHOOK_TIMES", 3, 1)
const STORM_STALL_MS = 300_000 // five runs of the once-a-minute poll job
/** Seconds after the first pay at which the number of orders is reported. */
const CHECKPOINTS_S = [10, 30, 60, 120, 300, 600, 900]
/** How often the store API is asked whether a paid Fast Checkout cart became an order (measurement 2). */
const POLL_MS = 10
/** Quiet time after each measured call of measurement 2, so background work of one does not hit the next. */
const SETTLE_PAUSE_MS = 300

const ADDRESS = {
  first_name: "Sanne",
  last_name: "de Vries",
  address_1: "Keizersgracht 1",
  postal_code: "1015 CJ",
  city: "Amsterdam",
  country_code: "nl",
}

/** What the measurements need of a running store; `startDemo` provides it. */
export interface StoreTarget {
  storeUrl: string
  sandboxUrl: string
  databaseUrl: string
  publishableKey: string
  regionId: string
  /** Medusa's output (the demo writes it to <dataDir>/medusa.log). */
  medusaLogPath: string
  storePort: number
  /** The Medusa processes whose memory is reported (default: the one listening on storePort). */
  instances?: StoreInstance[]
  /** Every instance's log (default: medusaLogPath). */
  logPaths?: string[]
}

export async function benchFastCheckoutStore(): Promise<void> {
  console.log("\n## Fast Checkout in a Medusa store (demo store: embedded Postgres, sandbox, medusa start)")
  benchMode("single process")
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tikkie-bench-"))
  const storePort = await freePort()
  const started = performance.now()
  let demo: RunningDemo | undefined
  // Heap snapshots on SIGUSR2 (BENCH_HEAP_SNAPSHOTS=1): the store inherits this environment.
  const nodeOptions = process.env.NODE_OPTIONS
  if (HEAP_SNAPSHOTS) process.env.NODE_OPTIONS = `${nodeOptions ?? ""} --heapsnapshot-signal=SIGUSR2`.trim()
  try {
    demo = await startDemo({
      dataDir,
      fresh: true,
      admin: false,
      storePort,
      storefrontPort: await freePort(),
      sandboxPort: await freePort(),
      log: () => {},
    })
    const t = demo.timings
    console.log(
      `store up in ${fmt((performance.now() - started) / 1000, 1)} s (migrate ${fmt((t.migrated - t.postgres) / 1000, 1)} s, ` +
        `seed ${fmt((t.seeded - t.migrated) / 1000, 1)} s, medusa start ${fmt((t.medusa - t.seeded) / 1000, 1)} s); ` +
        `storm ${STORM_ORDERS} orders (BENCH_STORM_ORDERS), ${os.cpus().length} CPUs, load average ${loadAverage()}`
    )
    await measureStore({
      storeUrl: demo.storeUrl,
      sandboxUrl: demo.sandboxUrl,
      databaseUrl: demo.databaseUrl,
      publishableKey: demo.publishableKey,
      regionId: demo.regionId,
      medusaLogPath: path.join(dataDir, "medusa.log"),
      storePort,
    })
  } finally {
    if (nodeOptions === undefined) delete process.env.NODE_OPTIONS
    else process.env.NODE_OPTIONS = nodeOptions
    await demo?.stop()
    if (process.env.BENCH_KEEP_STORE === "1") console.log(`(kept ${dataDir})`)
    else fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** What a measurement after the shared ones gets (the cluster's worker kill). */
export interface StoreMeasurementContext {
  store: StoreClient
  sandbox: SandboxControl
  db: InstanceType<typeof Client>
}

export async function measureStore(
  target: StoreTarget,
  after?: (ctx: StoreMeasurementContext) => Promise<void>
): Promise<void> {
  const store = new StoreClient(target)
  const sandbox = new SandboxControl(target.sandboxUrl)
  const db = new Client({ connectionString: target.databaseUrl })
  await db.connect()
  try {
    const setupStarted = performance.now()
    await store.stockUp()
    await store.loadCatalogue()
    if (PARTS.has("sessions")) await benchSessions(store)
    if (PARTS.has("paid"))
      await benchWebhookToOrder(
        store,
        sandbox,
        db,
        target.logPaths ?? [target.medusaLogPath],
        paidWarmupPairs(target.instances?.length ?? 1)
      )
    if (PARTS.has("storm")) await benchStorm(store, sandbox, db, target)
    if (PARTS.has("flood")) await benchFlood(store, sandbox, db, target)
    if (after) await after({ store, sandbox, db })
    console.log(
      `(store measurements took ${fmt((performance.now() - setupStarted) / 1000, 0)} s; load average now ${loadAverage()}: other processes on the machine share its CPUs)`
    )
  } finally {
    await db.end()
    await sandbox.close()
    await store.close()
  }
}

// ---------------------------------------------------------------------------------------------------
// 1. Session creation

async function benchSessions(store: StoreClient): Promise<void> {
  const pairs = WARMUP_PAIRS + SESSION_PAIRS
  const carts = await store.prepareCarts(pairs * 2, "session carts")
  const fc: number[] = []
  const sys: number[] = []
  const ratios: number[] = []
  for (let i = 0; i < pairs; i++) {
    const fcCart = carts[2 * i]
    const sysCart = carts[2 * i + 1]
    const runFc = async () => timed(() => store.startFastCheckout(fcCart))
    const runSys = async () => timed(() => store.systemSession(sysCart))
    let a: number
    let b: number
    if (i % 2 === 0) {
      a = await runFc()
      b = await runSys()
    } else {
      b = await runSys()
      a = await runFc()
    }
    if (i < WARMUP_PAIRS) continue
    fc.push(a)
    sys.push(b)
    ratios.push(a / b)
  }
  console.log(
    `\n1. payment session on a fresh cart (1 line, NL address, PostNL), ${SESSION_PAIRS} A/B pairs after ${WARMUP_PAIRS} warm-up pairs, one call at a time:`
  )
  console.log(
    `  A Fast Checkout: POST /store/carts/:id/tikkie-fast-checkout                 median ${ms(median(fc))}   p90 ${ms(percentile(fc, 0.9))}`
  )
  console.log(
    `  B system: POST /store/payment-collections + POST .../payment-sessions      median ${ms(median(sys))}   p90 ${ms(percentile(sys, 0.9))}`
  )
  console.log(
    `  ratio A/B  ${fmt(median(fc) / median(sys))} (of medians); median of per-pair ratios ${fmt(median(ratios))}   (goal <= 1.50)`
  )
}

// ---------------------------------------------------------------------------------------------------
// 2. Webhook received to order created, versus completing a cart with the system provider

async function benchWebhookToOrder(
  store: StoreClient,
  sandbox: SandboxControl,
  db: Db,
  logPaths: string[],
  warmupPairs: number
): Promise<void> {
  const pairs = warmupPairs + COMPLETE_PAIRS
  const carts = await store.prepareCarts(pairs * 2, "completion carts")
  const tokens = new Map<string, string>()
  await pool(
    carts.map((c, i) => [c, i] as const),
    PREP_CONCURRENCY,
    async ([cart, i]) => {
      if (i % 2 === 0) tokens.set(cart, (await store.startFastCheckout(cart)).order_token)
      else await store.systemSession(cart)
    }
  )

  interface FcSample {
    payToSeen: number
    payCall: number
    polls: number
    orderToken: string
    completedAt: number
  }
  interface SysSample {
    call: number
    sentAt: number
    completedAt: number
  }
  const fcSamples: FcSample[] = []
  const sysSamples: SysSample[] = []
  const failures: string[] = []

  const runFc = async (cart: string): Promise<FcSample | undefined> => {
    const orderToken = tokens.get(cart)!
    const t0 = performance.now()
    await sandbox.post(`/_sandbox/fastcheckout/orders/${orderToken}/pay`, {})
    const payCall = performance.now() - t0
    let polls = 0
    const until = Date.now() + 30_000
    for (;;) {
      polls++
      // Asked of Postgres, not of the store: the store's GET cart, every 10 ms, took the one Node process's
      // CPU while it completed the cart (B's call waits without asking), and made A look slower than it is.
      const c = await cartCompletedAtInDb(db, cart)
      if (c) return { payToSeen: performance.now() - t0, payCall, polls, orderToken, completedAt: c }
      if (Date.now() > until) {
        failures.push(`Fast Checkout cart ${cart} (orderToken ${orderToken}) was no order 30 s after the pay`)
        return undefined
      }
      await sleep(POLL_MS)
    }
  }
  const runSys = async (cart: string): Promise<SysSample | undefined> => {
    const sentAt = Date.now()
    const t0 = performance.now()
    const res = await store.completeCart(cart)
    const call = performance.now() - t0
    if (!res.ok) {
      failures.push(`system cart ${cart}: complete answered ${res.detail}`)
      return undefined
    }
    return { call, sentAt, completedAt: (await store.cartCompletedAt(cart)) ?? NaN }
  }

  const ratios: number[] = []
  for (let i = 0; i < pairs; i++) {
    const fcCart = carts[2 * i]
    const sysCart = carts[2 * i + 1]
    let a: FcSample | undefined
    let b: SysSample | undefined
    if (i % 2 === 0) {
      a = await runFc(fcCart)
      await sleep(SETTLE_PAUSE_MS)
      b = await runSys(sysCart)
    } else {
      b = await runSys(sysCart)
      await sleep(SETTLE_PAUSE_MS)
      a = await runFc(fcCart)
    }
    await sleep(SETTLE_PAUSE_MS)
    if (i < warmupPairs || !a || !b) continue
    fcSamples.push(a)
    sysSamples.push(b)
    ratios.push(a.payToSeen / b.call)
  }

  // Server-side boundaries: when the sandbox sent the webhook, and the cart's completed_at.
  const deliveries = await sandbox.deliveries("fastCheckout.webhook")
  const sentAt = new Map<string, number>()
  for (const d of deliveries) {
    const token = (d.body as { orderToken?: string }).orderToken
    if (token && d.attempts[0]) sentAt.set(token, Date.parse(d.attempts[0].at))
  }
  const fcServer = fcSamples.map((s) => s.completedAt - (sentAt.get(s.orderToken) ?? NaN)).filter(Number.isFinite)
  const sysServer = sysSamples.map((s) => s.completedAt - s.sentAt).filter(Number.isFinite)
  const fcObserved = fcSamples.map((s) => s.payToSeen)
  const sysObserved = sysSamples.map((s) => s.call)

  console.log(
    `\n2. paid to order, ${fcSamples.length} A/B pairs after ${warmupPairs} warm-up pairs, one at a time, ${SETTLE_PAUSE_MS} ms quiet between calls:`
  )
  console.log(
    `  A Fast Checkout: from sending POST /_sandbox/fastcheckout/orders/:token/pay (the sandbox sends the webhook at once)`
  )
  console.log(`    until the cart's completed_at is set (asked of Postgres every ${POLL_MS} ms, not of the store)`)
  console.log(
    `                                                        median ${ms(median(fcObserved))}   p90 ${ms(percentile(fcObserved, 0.9))}` +
      `   (pay call ${ms(median(fcSamples.map((s) => s.payCall)))}, ${fmt(median(fcSamples.map((s) => s.polls)), 0)} polls)`
  )
  console.log(`  B system: POST /store/carts/:id/complete, request sent to answer received`)
  console.log(
    `                                                        median ${ms(median(sysObserved))}   p90 ${ms(percentile(sysObserved, 0.9))}`
  )
  console.log(
    `  ratio A/B  ${fmt(median(fcObserved) / median(sysObserved))} (of medians); median of per-pair ratios ${fmt(median(ratios))}   (goal <= 1.50)`
  )
  if (fcServer.length && sysServer.length) {
    console.log(
      `  same, by timestamps (no polling in it): A webhook's first attempt (sandbox delivery log) to the cart's completed_at`
    )
    console.log(
      `    A ${ms(median(fcServer))}   B request sent to completed_at ${ms(median(sysServer))}   ratio ${fmt(median(fcServer) / median(sysServer))}`
    )
    notePaidToOrder(
      "Fast Checkout",
      fcSamples
        .filter((s) => sentAt.has(s.orderToken))
        .map((s) => ({ token: s.orderToken, sentAt: sentAt.get(s.orderToken)!, completedAt: s.completedAt })),
      sysServer,
      logPaths
    )
  }
  for (const f of failures) console.log(`  ! ${f}`)
}

// ---------------------------------------------------------------------------------------------------
// 3. The storm, next to its baseline: the same number of carts completed with the system provider

interface StormFigures {
  label: string
  /** First pay (or complete) to the last order's created_at, in ms. */
  wallMs: number
  orders: number
}

async function benchStorm(
  store: StoreClient,
  sandbox: SandboxControl,
  db: InstanceType<typeof Client>,
  target: StoreTarget
) {
  const n = STORM_ORDERS
  const instances = storeInstances(target)
  const memBeforePrep = readInstances(instances)

  const prepStarted = performance.now()
  // Checkouts nobody comes back to: the poll reads them meanwhile, which is what "per abandoned checkout" counts.
  const abandonedCarts = await store.prepareCarts(ABANDONED, "abandoned carts")
  const abandonedSince = Date.now()
  const abandoned = new Set<string>()
  await pool(abandonedCarts, PREP_CONCURRENCY, async (cart) => {
    abandoned.add((await store.startFastCheckout(cart)).order_token)
  })
  const carts = await store.prepareCarts(n, "storm carts")
  const tokens: Array<{ cart: string; orderToken: string; sessionId: string }> = []
  await pool(carts, PREP_CONCURRENCY, async (cart) => {
    const started = await store.startFastCheckout(cart)
    tokens.push({ cart, orderToken: started.order_token, sessionId: started.payment_session_id })
  })
  const systemCarts = await store.prepareCarts(n, "baseline carts")
  await pool(systemCarts, PREP_CONCURRENCY, (cart) => store.systemSession(cart))
  const prepSeconds = (performance.now() - prepStarted) / 1000
  const cartIds = tokens.map((t) => t.cart)

  // Baseline first: the same number of carts, completed by the storefront with the system provider, as many at once.
  const baselineStarted = Date.now()
  const baselineFailures: string[] = []
  await pool(systemCarts, PAY_CONCURRENCY, async (cart) => {
    const res = await store.completeCart(cart)
    if (!res.ok) baselineFailures.push(res.detail)
  })
  const baselineOrders = await ordersOfCarts(db, systemCarts)
  const baseline: StormFigures = {
    label: "system provider",
    wallMs: Math.max(...baselineOrders.map((o) => o.created_at.getTime())) - baselineStarted,
    orders: baselineOrders.length,
  }
  await sleep(2_000)

  // The storm's own figures: forget earlier requests (this also resets the per-second stats) and deliveries.
  // The abandoned checkouts' reads so far (the poll ran while the carts were prepared) are kept.
  const abandonedReadsBefore = getOrderReads(
    (await sandbox.requests("fastCheckout.getOrder")) as LoggedRequest[],
    new Set(),
    abandoned
  ).abandoned
  await sandbox.clearRequests()
  await sandbox.clearDeliveries()
  if (STORM_WEBHOOK_TIMES > 1) await sandbox.setDeliveryBehaviour("repeat", n, { times: STORM_WEBHOOK_TIMES })
  const ordersBefore = await countAllOrders(db)
  const logOffsets = new Map((target.logPaths ?? [target.medusaLogPath]).map((f) => [f, fileSize(f)]))
  const memBefore = readInstances(instances)
  const listenOverflowsBefore = listenOverflows()

  const shuffled = shuffle([...tokens])
  // This process hosts the sandbox and times the clients: its own delay is in every client-timed figure.
  const benchLoop = monitorEventLoopDelay({ resolution: 10 })
  benchLoop.enable()
  const cpuAt = () => ({
    at: Date.now(),
    machine: machineBusySeconds(),
    bench: process.cpuUsage(),
    instances: new Map(instances.map((i) => [i.name, readCpuSeconds(i.pid)])),
  })
  const cpuBefore = cpuAt()
  const firstPay = Date.now()
  const payFailures: string[] = []
  // A third of the shoppers come back through the return route the moment they have paid.
  const returns: Array<Promise<number | string>> = []
  await pool(shuffled, PAY_CONCURRENCY, async ({ orderToken, sessionId }, i) => {
    try {
      await sandbox.post(`/_sandbox/fastcheckout/orders/${orderToken}/pay`, {})
      if (i % 3 === 0) returns.push(store.returnRoute(sessionId))
    } catch (e) {
      payFailures.push(e instanceof Error ? e.message : String(e))
    }
  })
  const paidIn = Date.now() - firstPay
  // The burst: from the first pay until every return has its answer.
  const cpuAfterBurst = Promise.all(returns).then(cpuAt)

  // Wait for the orders (read from Postgres, so the waiting puts no load on the store).
  let done = 0
  let lastProgress = Date.now()
  const memPeak = new Map<string, number>()
  let stopReason = "all orders exist"
  const progress: string[] = []
  let checkpoint = 0
  for (;;) {
    const now = await countOrderedCarts(db, cartIds)
    while (checkpoint < CHECKPOINTS_S.length && Date.now() - firstPay >= CHECKPOINTS_S[checkpoint] * 1000) {
      progress.push(`${CHECKPOINTS_S[checkpoint++]} s: ${now}`)
    }
    for (const [name, m] of readInstances(instances)) memPeak.set(name, Math.max(memPeak.get(name) ?? 0, m.rssKb))
    if (now > done) {
      done = now
      lastProgress = Date.now()
    }
    if (done >= n) break
    if (Date.now() - firstPay > STORM_TIMEOUT_MS) {
      stopReason = `timeout: gave up after ${fmt(STORM_TIMEOUT_MS / 1000, 0)} s (BENCH_STORM_TIMEOUT_S)`
      break
    }
    if (Date.now() - lastProgress > STORM_STALL_MS) {
      stopReason = `stalled: no new order for ${fmt(STORM_STALL_MS / 1000, 0)} s`
      break
    }
    await sleep(250)
  }
  const sawAllAt = Date.now()
  benchLoop.disable()
  const memAfter = readInstances(instances)
  // Let the remaining repeated webhooks arrive and be handled before counting duplicates.
  // Only the storm's webhooks (unpaid sessions of measurement 1 expire meanwhile and send EXPIRED webhooks).
  const stormTokens = new Set(tokens.map((t) => t.orderToken))
  const deliveries = (await waitForDeliveries(sandbox, 60_000)).filter((d) =>
    stormTokens.has((d.body as { orderToken?: string }).orderToken ?? "")
  )
  await sleep(3_000)
  const memSettled = readInstances(instances)
  const droppedConnects = listenOverflows() - listenOverflowsBefore

  const orders = await ordersOfCarts(db, cartIds)
  const perCart = new Map<string, number>()
  for (const o of orders) perCart.set(o.cart_id, (perCart.get(o.cart_id) ?? 0) + 1)
  const duplicates = [...perCart.values()].filter((c) => c > 1).length
  const missing = cartIds.filter((c) => !perCart.has(c))
  const lastCreated = Math.max(...orders.map((o) => o.created_at.getTime()))
  const ordersAfter = await countAllOrders(db)
  const storm: StormFigures = { label: "Tikkie Fast Checkout", wallMs: lastCreated - firstPay, orders: orders.length }

  const getOrders = (await sandbox.requests("fastCheckout.getOrder")) as LoggedRequest[]
  const allLogged = (await sandbox.requests()).length
  const statusCounts = countBy(getOrders.map((r) => String(r.status)))
  const stats = await sandbox.maxPerSecond()
  const returnAnswers = await Promise.all(returns)
  const returnMs = returnAnswers.filter((r): r is number => typeof r === "number")
  const returnFailures = returnAnswers.filter((r): r is string => typeof r === "string")
  const webhookAttempts = deliveries.flatMap((d) => d.attempts)
  const attemptCounts = countBy(
    webhookAttempts.map((a) =>
      a.status ? String(a.status) : `error: ${a.error?.replace(/\s*\(attempted address[^)]*\)/, "")}`
    )
  )
  const answered = webhookAttempts
    .filter((a) => a.status !== undefined && a.durationMs !== undefined)
    .map((a) => a.durationMs!)
  const timedOut = webhookAttempts.filter((a) => /timeout|aborted/i.test(a.error ?? "")).length
  const neverAnswered = deliveries.filter(
    (d) => !d.attempts.some((a) => a.status !== undefined && a.status < 300)
  ).length
  const reads = getOrderReads(getOrders, stormTokens, abandoned)
  reads.abandoned += abandonedReadsBefore
  const abandonedFor = (sawAllAt - abandonedSince) / 1000
  const log = scanStoreLog(logOffsets)

  console.log(
    `\n3. storm: ${n} carts with Fast Checkout started (with ${ABANDONED} abandoned checkouts, BENCH_ABANDONED; all prepared in ${fmt(prepSeconds, 0)} s), then all paid,`
  )
  console.log(
    `   shuffled, ${PAY_CONCURRENCY} pays at a time (all pays sent in ${fmt(paidIn / 1000, 1)} s), every webhook sent ${STORM_WEBHOOK_TIMES} time(s) at once (BENCH_STORM_WEBHOOK_TIMES);`
  )
  console.log(
    `   baseline in the same run: ${n} carts with a system-provider session completed by POST /store/carts/:id/complete, ${PAY_CONCURRENCY} at a time:`
  )
  console.log(`  ended: ${stopReason}`)
  printStormSideBySide(storm, baseline)
  note(
    `storm of ${n}: wall (Tikkie / system)`,
    `${fmt(storm.wallMs / 1000, 1)} s / ${fmt(baseline.wallMs / 1000, 1)} s = ${fmt(storm.wallMs / baseline.wallMs)}`
  )
  note(
    `storm of ${n}: orders/s (Tikkie / system)`,
    `${fmt(storm.orders / (storm.wallMs / 1000), 1)} / ${fmt(baseline.orders / (baseline.wallMs / 1000), 1)}`
  )
  note("storm: orders made / carts with 2+ orders", `${orders.length} of ${n} / ${duplicates}`)
  note(
    "storm: webhook answer p50 / p99",
    answered.length ? `${ms(percentile(answered, 0.5))} / ${ms(percentile(answered, 0.99))}` : "-"
  )
  note(
    "storm: return route p50 / p99",
    returnMs.length ? `${ms(percentile(returnMs, 0.5))} / ${ms(percentile(returnMs, 0.99))}` : "-"
  )
  note("storm: webhook POSTs timed out / never 2xx", `${timedOut} of ${webhookAttempts.length} / ${neverAnswered}`)
  note("storm: busiest GET order second / 429s", `${stats["fastCheckout.getOrder"] ?? 0} / ${statusCounts["429"] ?? 0}`)
  note(
    "GET order per paid order / per abandoned / storm's all",
    `${fmt(reads.paid / n)} / ${ABANDONED ? `${fmt(reads.abandoned / ABANDONED)} in ${fmt(abandonedFor, 0)} s` : "-"} / ${getOrders.length}`
  )
  for (const [name, kb] of memPeak) note(`storm: RSS highest, ${name}`, `${fmt(kb / 1024, 0)} MB`)
  if (baselineFailures.length)
    console.log(`  ! baseline: ${baselineFailures.length} completions failed, e.g. ${baselineFailures[0]}`)
  if (progress.length)
    console.log(
      `  orders existing after                                ${progress.join(", ")}   (of ${n}; the wait saw all after ${fmt((sawAllAt - firstPay) / 1000, 1)} s)`
    )
  console.log(
    `  Medusa orders for the ${n} carts                     ${orders.length}   (carts with an order ${perCart.size}, carts with more than one ${duplicates}, carts without ${missing.length}; store-wide orders +${ordersAfter - ordersBefore})`
  )
  if (missing.length) {
    const outcomes = await fastCheckoutRecords(db, missing)
    console.log(`    carts without an order, by their tikkie_fast_checkout_order record:`)
    for (const [k, v] of Object.entries(countBy(outcomes))) console.log(`      ${v} × ${k}`)
  }
  console.log(
    `  webhook answer latency (sandbox: POST sent to answer) p50 ${ms(answered.length ? percentile(answered, 0.5) : NaN)}   p99 ${ms(answered.length ? percentile(answered, 0.99) : NaN)}   (${answered.length} answered)`
  )
  console.log(
    `  return route (a third of the shoppers, at paying)    p50 ${ms(returnMs.length ? percentile(returnMs, 0.5) : NaN)}   p99 ${ms(returnMs.length ? percentile(returnMs, 0.99) : NaN)}` +
      `   (${returnMs.length} redirected${returnFailures.length ? `, ${returnFailures.length} failed, e.g. ${returnFailures[0]}` : ""})`
  )
  const cpuAfterStorm = cpuAt()
  for (const [label, after] of [
    ["the burst (first pay to the last return's answer)", await cpuAfterBurst],
    ["the storm (first pay to all orders)", cpuAfterStorm],
  ] as const) {
    const wall = (after.at - cpuBefore.at) / 1000
    const used = (a?: number, b?: number) => (a === undefined || b === undefined ? "?" : fmt(a - b, 1))
    const bench = (after.bench.user + after.bench.system - cpuBefore.bench.user - cpuBefore.bench.system) / 1e6
    const perInstance = [...after.instances].map(([name, s]) => `${name} ${used(s, cpuBefore.instances.get(name))}`)
    console.log(
      `  CPU seconds in ${label}, ${fmt(wall, 1)} s: machine ${used(after.machine, cpuBefore.machine)} of ${fmt(wall * os.cpus().length, 1)}; ` +
        `${perInstance.join(", ")}; this process (sandbox, clients) ${fmt(bench, 1)}`
    )
  }
  const loopMs = (q: number) => fmt(benchLoop.percentile(q) / 1e6, 1)
  console.log(
    `  event-loop delay of this process (sandbox and clients)  p50 ${loopMs(50)}   p99 ${loopMs(99)}   max ${fmt(benchLoop.max / 1e6, 1)} ms`
  )
  note(
    "storm: bench process event-loop delay p50 / p99 / max",
    `${loopMs(50)} / ${loopMs(99)} / ${fmt(benchLoop.max / 1e6, 1)} ms`
  )
  // Where the hook routes' own milliseconds went (RouteTiming lines of every instance's log).
  for (const [k, v] of printRouteBreakdown(readRouteTimings(logOffsets), {
    "fast-checkout webhook": answered,
    "fast-checkout return": returnMs,
  }))
    note(`storm: ${k}`, v)
  console.log(
    `  webhook POSTs the sandbox sent                       ${webhookAttempts.length} for ${deliveries.length} webhooks; timed out ${timedOut}; never answered 2xx ${neverAnswered}` +
      `   (answers: ${Object.entries(attemptCounts)
        .map(([k, v]) => `${k} ×${v}`)
        .join(", ")})`
  )
  if (Number.isFinite(droppedConnects))
    console.log(
      `  connection attempts dropped by a full accept queue   ${droppedConnects}   (the kernel's ListenOverflows, whole machine, during the storm: ` +
        `connections that waited in front of the server's Node, where timed-out webhooks wait; docs/production.md, "Bursts of webhooks")`
    )
  console.log(
    `  sandbox GET order, busiest second                    ${stats["fastCheckout.getOrder"] ?? 0} calls   (GET /_sandbox/stats; limit 250/s); refused with 429: ${statusCounts["429"] ?? 0}`
  )
  console.log(
    `  GET order calls                                      ${getOrders.length} in all: ${fmt(reads.paid / n)} per paid order (${reads.paid}), ` +
      `${ABANDONED ? fmt(reads.abandoned / ABANDONED) : "-"} per abandoned checkout (${reads.abandoned} over the ${fmt(abandonedFor, 0)} s since they were started), other ${reads.other}`
  )
  if (allLogged >= 20_000)
    console.log(`    (the sandbox's request log holds the last 20,000 requests: counts may be incomplete)`)
  if (payFailures.length) console.log(`  ! ${payFailures.length} pay calls failed, e.g. ${payFailures[0]}`)
  printMemory(
    instances,
    {
      "before preparing": memBeforePrep,
      "before the pays": memBefore,
      "all orders": memAfter,
      "3 s later": memSettled,
    },
    memPeak
  )
  console.log(
    `  store log during the storm: ${log.byLevel.error ?? 0} error, ${log.byLevel.warn ?? 0} warn lines; orders completed by source: ` +
      `${
        Object.entries(log.completedVia)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ") || "none logged"
      }`
  )
  for (const [line, count] of log.topProblems) console.log(`    ${count} × ${line}`)
}

function printStormSideBySide(storm: StormFigures, baseline: StormFigures) {
  const row = (f: StormFigures) =>
    `${f.label.padEnd(22)} wall ${fmt(f.wallMs / 1000, 1).padStart(7)} s   ${fmt(f.orders / (f.wallMs / 1000), 1).padStart(7)} orders/s   (${f.orders} orders)`
  console.log(`  ${row(storm)}   ratio to baseline ${fmt(storm.wallMs / baseline.wallMs)} (goal <= 1.30)`)
  console.log(`  ${row(baseline)}`)
}

/** GET order calls by whose order they read: the storm's paid orders, the abandoned checkouts, anything else. */
function getOrderReads(calls: LoggedRequest[], paid: Set<string>, abandoned: Set<string>) {
  const out = { paid: 0, abandoned: 0, other: 0 }
  for (const c of calls) {
    const token = c.path.split("?")[0].split("/").pop() ?? ""
    if (paid.has(token)) out.paid++
    else if (abandoned.has(token)) out.abandoned++
    else out.other++
  }
  return out
}

/** The store's Medusa processes: one in the single-process demo; a server and its workers in a cluster. */
export interface StoreInstance {
  name: string
  pid: number
}

function storeInstances(target: StoreTarget): StoreInstance[] {
  if (target.instances) return target.instances
  const pid = medusaPid(target.storePort)
  return pid ? [{ name: "store", pid }] : []
}

/** A heap snapshot of each instance (BENCH_HEAP_SNAPSHOTS=1), or none. */
async function heapSnapshots(instances: StoreInstance[]): Promise<Map<string, HeapSummary>> {
  const out = new Map<string, HeapSummary>()
  if (!HEAP_SNAPSHOTS) return out
  for (const i of instances) out.set(i.name, await takeHeapSnapshot(i.pid, fs.readlinkSync(`/proc/${i.pid}/cwd`)))
  return out
}

function readInstances(instances: StoreInstance[]): Map<string, ProcessMemory> {
  const out = new Map<string, ProcessMemory>()
  for (const i of instances) {
    const m = readMemory(i.pid)
    if (m) out.set(i.name, m)
  }
  return out
}

function printMemory(
  instances: StoreInstance[],
  moments: Record<string, Map<string, ProcessMemory>>,
  peak?: Map<string, number>
) {
  if (!instances.length) {
    console.log(`  store process memory: could not find the Medusa process(es)`)
    return
  }
  const mb = (kb: number | undefined) => (kb === undefined ? "-" : `${fmt(kb / 1024, 0)} MB`)
  for (const i of instances) {
    const parts = Object.entries(moments).map(([k, m]) => `${k} ${mb(m.get(i.name)?.rssKb)}`)
    if (peak) parts.push(`highest seen ${mb(peak.get(i.name))}`)
    console.log(`  RSS ${`${i.name} (pid ${i.pid})`.padEnd(24)} ${parts.join(", ")}`)
  }
}

// ---------------------------------------------------------------------------------------------------
// 4. Flood: forged webhooks against the store while real orders are paid

async function benchFlood(
  store: StoreClient,
  sandbox: SandboxControl,
  db: InstanceType<typeof Client>,
  target: StoreTarget
) {
  const instances = storeInstances(target)
  const k = FLOOD_ORDERS
  const carts = await store.prepareCarts(2 * k, "flood carts")
  const tokens = new Map<string, string>()
  await pool(carts, PREP_CONCURRENCY, async (cart) => {
    tokens.set(cart, (await store.startFastCheckout(cart)).order_token)
  })
  await sandbox.clearDeliveries()

  /** Pays the carts one at a time; each: the webhook's first attempt (sandbox clock) to the order's created_at. */
  const payOneByOne = async (batch: string[], keepGoing: () => boolean) => {
    const out: number[] = []
    for (const cart of batch) {
      if (!keepGoing()) break
      const orderToken = tokens.get(cart)!
      await sandbox.post(`/_sandbox/fastcheckout/orders/${orderToken}/pay`, {})
      const until = Date.now() + 60_000
      let created: Date | undefined
      while (!created && Date.now() < until) {
        created = (await ordersOfCarts(db, [cart]))[0]?.created_at
        if (!created) await sleep(20)
      }
      const delivery = (await sandbox.deliveries("fastCheckout.webhook")).find(
        (d) => (d.body as { orderToken?: string }).orderToken === orderToken
      )
      const sent = delivery?.attempts[0] ? Date.parse(delivery.attempts[0].at) : NaN
      if (created && Number.isFinite(sent)) out.push(created.getTime() - sent)
    }
    return out
  }
  /** Store API latency (GET /store/products) sampled one call at a time while `running()`. */
  const sampleStoreApi = async (running: () => boolean) => {
    const out: number[] = []
    while (running()) {
      out.push(await timed(() => store.call("GET", "/store/products?limit=5&fields=id,title")))
      await sleep(20)
    }
    return out
  }

  // Quiet: no flood.
  let quietRunning = true
  const quietApi = sampleStoreApi(() => quietRunning)
  const quiet = await payOneByOne(carts.slice(0, k), () => true)
  quietRunning = false
  const quietApiMs = await quietApi
  await sleep(1_000)

  // Flood: forged webhooks (unknown orderTokens), FLOOD_CONCURRENCY at a time, while the other carts are paid.
  // The snapshot first: writing one costs the process native memory of its own, which then stays in its
  // RSS; read after it, "before" holds that too, and the growth is the flood's.
  const heapBefore = await heapSnapshots(instances)
  const memBefore = readInstances(instances)
  const memPeak = new Map<string, number>()
  const answers: Record<string, number> = {}
  const forgedMs: number[] = []
  let sent = 0
  let flooding = true
  const agent = new Agent({ connections: FLOOD_CONCURRENCY, keepAliveTimeout: 10_000 })
  const floodStarted = performance.now()
  const flood = pool(
    Array.from({ length: FLOOD_WEBHOOKS }, (_, i) => i),
    FLOOD_CONCURRENCY,
    async () => {
      const t = performance.now()
      let key: string
      try {
        const res = await request(`${target.storeUrl}/hooks/tikkie/fast-checkout`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ referenceId: `payses_${randomHex(13)}`, orderToken: randomHex(32), status: "PAID" }),
          dispatcher: agent,
        })
        await res.body.dump()
        key = String(res.statusCode)
      } catch (e) {
        key = `error: ${e instanceof Error ? e.message : String(e)}`.slice(0, 80)
      }
      forgedMs.push(performance.now() - t)
      answers[key] = (answers[key] ?? 0) + 1
      if (++sent % 500 === 0)
        for (const [name, m] of readInstances(instances)) memPeak.set(name, Math.max(memPeak.get(name) ?? 0, m.rssKb))
    }
  ).finally(() => {
    flooding = false
  })
  const floodApi = sampleStoreApi(() => flooding)
  const flooded = await payOneByOne(carts.slice(k), () => flooding)
  await flood
  const floodSeconds = (performance.now() - floodStarted) / 1000
  const floodApiMs = await floodApi
  await agent.close()
  const memAfter = readInstances(instances)
  const heapAfter = await heapSnapshots(instances)
  const memAfterGc = readInstances(instances)
  await sleep(5_000)
  const memLater = readInstances(instances)

  console.log(
    `\n4. flood: ${FLOOD_WEBHOOKS} forged webhooks (unknown orderTokens, BENCH_FLOOD_WEBHOOKS), ${FLOOD_CONCURRENCY} at a time, against the store,`
  )
  console.log(
    `   while real Fast Checkout orders are paid one at a time; the same without the flood first (${k} each, BENCH_FLOOD_ORDERS):`
  )
  console.log(
    `  flood took ${fmt(floodSeconds, 1)} s (${fmt(FLOOD_WEBHOOKS / floodSeconds, 0)} webhooks/s); answers: ${Object.entries(
      answers
    )
      .map(([a, c]) => `${a} ×${c}`)
      .join(", ")}; ` +
      `forged webhook answer p50 ${ms(percentile(forgedMs, 0.5))} p99 ${ms(percentile(forgedMs, 0.99))}`
  )
  const median_ = (xs: number[]) => (xs.length ? median(xs) : NaN)
  console.log(
    `  paid -> order (webhook's first attempt to the order's created_at)   quiet median ${ms(median_(quiet))} (${quiet.length})   ` +
      `during the flood median ${ms(median_(flooded))} (${flooded.length} paid before it ended)   ratio ${fmt(median_(flooded) / median_(quiet))} (goal <= 1.50)`
  )
  const p99 = (xs: number[]) => (xs.length ? percentile(xs, 0.99) : NaN)
  console.log(
    `  store API p99 (GET /store/products, one at a time)   quiet ${ms(p99(quietApiMs))} (${quietApiMs.length} calls)   during the flood ${ms(p99(floodApiMs))} (${floodApiMs.length} calls)`
  )
  note(
    `flood of ${FLOOD_WEBHOOKS}: paid -> order (flood / quiet)`,
    `${ms(median_(flooded))} / ${ms(median_(quiet))} = ${fmt(median_(flooded) / median_(quiet))}`
  )
  note("flood: store API p99 (flood / quiet)", `${ms(p99(floodApiMs))} / ${ms(p99(quietApiMs))}`)
  printMemory(
    instances,
    {
      "before the flood": memBefore,
      "at its end": memAfter,
      ...(HEAP_SNAPSHOTS ? { "after a full GC": memAfterGc } : {}),
      "5 s later": memLater,
    },
    memPeak
  )
  for (const i of instances) {
    const from = heapBefore.get(i.name)
    const to = heapAfter.get(i.name)
    if (!from || !to) continue
    console.log(
      `  live heap ${i.name} (heap snapshots, after V8's full GC): before the flood ${fmt(from.liveBytes / 1048576, 1)} MB, ` +
        `at its end ${fmt(to.liveBytes / 1048576, 1)} MB (${fmt((to.liveBytes - from.liveBytes) / 1048576, 1)} MB); grew most:`
    )
    for (const g of heapGrowth(from, to))
      console.log(`    ${g.name}: ${g.count >= 0 ? "+" : ""}${g.count} objects, ${fmt(g.bytes / 1024, 0)} kB`)
    note(`flood: live heap growth, ${i.name}`, `${fmt((to.liveBytes - from.liveBytes) / 1048576, 1)} MB`)
  }
  for (const i of instances) {
    const before = memBefore.get(i.name)?.rssKb
    const peak = Math.max(memPeak.get(i.name) ?? 0, memAfter.get(i.name)?.rssKb ?? 0)
    if (before === undefined) continue
    console.log(
      `  RSS growth ${i.name}: ${fmt((peak - before) / 1024, 0)} MB (highest seen minus before; goal <= 50 MB)`
    )
    note(`flood: RSS growth, ${i.name}`, `${fmt((peak - before) / 1024, 0)} MB`)
  }
}

function randomHex(bytes: number): string {
  return randomBytes(bytes)
    .toString("hex")
    .slice(0, bytes * 2)
}

// ---------------------------------------------------------------------------------------------------
// Store API

export class StoreClient {
  private readonly agent = new Agent({ connections: 128, keepAliveTimeout: 10_000 })
  private readonly headers: Record<string, string>
  private variants: string[] = []
  private shippingOptionId?: string
  private next = 0

  constructor(private readonly target: StoreTarget) {
    this.headers = { "x-publishable-api-key": target.publishableKey, "content-type": "application/json" }
  }

  close() {
    return this.agent.close()
  }

  async call<T = Record<string, any>>(
    method: "GET" | "POST",
    p: string,
    body?: unknown,
    headers = this.headers
  ): Promise<T> {
    const res = await request(this.target.storeUrl + p, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      dispatcher: this.agent,
    })
    const text = await res.body.text()
    if (res.statusCode >= 300) throw new Error(`${method} ${p} answered ${res.statusCode}: ${text.slice(0, 300)}`)
    return (text ? JSON.parse(text) : {}) as T
  }

  /** Enough stock for any storm size: every inventory level of the demo gets a million. */
  async stockUp(): Promise<void> {
    const token = await adminLogin(this.target.storeUrl)
    const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" }
    const { inventory_items } = await this.call<{
      inventory_items: Array<{ id: string; location_levels?: Array<{ location_id: string }> }>
    }>("GET", "/admin/inventory-items?fields=id,*location_levels&limit=100", undefined, headers)
    for (const item of inventory_items) {
      for (const level of item.location_levels ?? []) {
        await this.call(
          "POST",
          `/admin/inventory-items/${item.id}/location-levels/${level.location_id}`,
          { stocked_quantity: 1_000_000 },
          headers
        )
      }
    }
  }

  async loadCatalogue(): Promise<void> {
    const { products } = await this.call<{ products: Array<{ variants: Array<{ id: string }> }> }>(
      "GET",
      "/store/products?fields=id,*variants&limit=50"
    )
    this.variants = products.flatMap((p) => p.variants.map((v) => v.id))
    if (!this.variants.length) throw new Error("the demo store has no products")
  }

  /** Fresh carts like a storefront makes them: one line (the variants in turn), NL address, PostNL. */
  async prepareCarts(count: number, what: string): Promise<string[]> {
    const out: string[] = new Array(count)
    const t0 = performance.now()
    await pool(
      Array.from({ length: count }, (_, i) => i),
      PREP_CONCURRENCY,
      async (i) => {
        out[i] = await this.prepareCart()
      }
    )
    if (process.env.BENCH_VERBOSE === "1")
      console.log(`  (${count} ${what} in ${fmt((performance.now() - t0) / 1000, 1)} s)`)
    return out
  }

  private async prepareCart(): Promise<string> {
    const variant_id = this.variants[this.next++ % this.variants.length]
    const { cart } = await this.call("POST", "/store/carts?fields=id", {
      region_id: this.target.regionId,
      shipping_address: ADDRESS,
      items: [{ variant_id, quantity: 1 }],
    })
    if (!this.shippingOptionId) {
      const { shipping_options } = await this.call("GET", `/store/shipping-options?cart_id=${cart.id}`)
      const option = (shipping_options as Array<{ id: string; name: string }>).find(
        (o) => o.name === DEMO.shippingOptionName
      )
      if (!option) throw new Error(`no ${DEMO.shippingOptionName} shipping option for the demo cart`)
      this.shippingOptionId = option.id
    }
    await this.call("POST", `/store/carts/${cart.id}/shipping-methods?fields=id`, { option_id: this.shippingOptionId })
    return cart.id as string
  }

  async startFastCheckout(cartId: string) {
    return this.call<{ checkout_url: string; order_token: string; payment_session_id: string }>(
      "POST",
      `/store/carts/${cartId}/tikkie-fast-checkout`,
      {}
    )
  }

  async systemSession(cartId: string): Promise<void> {
    const { payment_collection } = await this.call("POST", "/store/payment-collections?fields=id", { cart_id: cartId })
    await this.call("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions?fields=id`, {
      provider_id: DEMO.systemProvider,
    })
  }

  async completeCart(cartId: string): Promise<{ ok: boolean; detail: string }> {
    try {
      const res = await this.call<{ type: string; error?: { message?: string } }>(
        "POST",
        `/store/carts/${cartId}/complete`,
        {}
      )
      return res.type === "order"
        ? { ok: true, detail: "order" }
        : { ok: false, detail: `${res.type}: ${res.error?.message}` }
    } catch (e) {
      return { ok: false, detail: e instanceof Error ? e.message : String(e) }
    }
  }

  /** A shopper's browser back on the return route: ms to the redirect, or why it failed. */
  async returnRoute(sessionId: string): Promise<number | string> {
    const t = performance.now()
    try {
      const res = await request(`${this.target.storeUrl}/hooks/tikkie/fast-checkout/return?session_id=${sessionId}`, {
        dispatcher: this.agent,
      })
      await res.body.dump()
      if (res.statusCode !== 303) return `answered ${res.statusCode}`
      return performance.now() - t
    } catch (e) {
      return e instanceof Error ? e.message : String(e)
    }
  }

  /** The cart's completed_at in epoch ms, or undefined while it is open. */
  async cartCompletedAt(cartId: string): Promise<number | undefined> {
    const { cart } = await this.call("GET", `/store/carts/${cartId}?fields=id,completed_at`)
    return cart.completed_at ? Date.parse(cart.completed_at) : undefined
  }
}

// ---------------------------------------------------------------------------------------------------
// Postgres reads (counting only; the store writes)

type Db = InstanceType<typeof Client>

async function cartCompletedAtInDb(db: Db, cartId: string): Promise<number | undefined> {
  const { rows } = await db.query<{ completed_at: Date | null }>("select completed_at from cart where id = $1", [
    cartId,
  ])
  return rows[0]?.completed_at ? rows[0].completed_at.getTime() : undefined
}

async function countOrderedCarts(db: Db, cartIds: string[]): Promise<number> {
  const { rows } = await db.query(
    `select count(distinct cart_id)::int as n from order_cart where cart_id = any($1) and deleted_at is null`,
    [cartIds]
  )
  return rows[0].n
}

export async function ordersOfCarts(
  db: Db,
  cartIds: string[]
): Promise<Array<{ cart_id: string; order_id: string; created_at: Date }>> {
  const { rows } = await db.query(
    `select oc.cart_id, oc.order_id, o.created_at from order_cart oc join "order" o on o.id = oc.order_id
      where oc.cart_id = any($1) and oc.deleted_at is null and o.deleted_at is null`,
    [cartIds]
  )
  return rows
}

async function countAllOrders(db: Db): Promise<number> {
  const { rows } = await db.query(`select count(*)::int as n from "order" where deleted_at is null`)
  return rows[0].n
}

/** For carts without an order: what the plugin's record says (status, problem, attempts). */
async function fastCheckoutRecords(db: Db, cartIds: string[]): Promise<string[]> {
  const { rows } = await db.query(
    `select cart_id, status, problem, attempts, medusa_order_id from tikkie_fast_checkout_order
      where cart_id = any($1) and deleted_at is null`,
    [cartIds]
  )
  const byCart = new Map<string, string>()
  for (const r of rows) {
    byCart.set(
      r.cart_id,
      `status ${r.status}${r.medusa_order_id ? `, medusa_order_id ${r.medusa_order_id}` : ""}` +
        `${r.problem ? `, problem "${normalise(r.problem)}"` : ""}, attempts ${r.attempts}`
    )
  }
  return cartIds.map((c) => byCart.get(c) ?? "no record")
}

// ---------------------------------------------------------------------------------------------------
// Helpers

async function waitForDeliveries(sandbox: SandboxControl, timeoutMs: number): Promise<Delivery[]> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const deliveries = await sandbox.deliveries("fastCheckout.webhook")
    if (!deliveries.some((d) => d.state === "pending") || Date.now() > until) return deliveries
    await sleep(500)
  }
}

interface StoreLogSummary {
  byLevel: Record<string, number>
  completedVia: Record<string, number>
  /** Error and warn lines with ids and tokens blanked, most frequent first. */
  topProblems: Array<[string, number]>
}

/** Every instance's log (a cluster's workers settle, its server answers), from the given offsets. */
function scanStoreLog(offsets: Map<string, number>): StoreLogSummary {
  let text = ""
  for (const [file, offset] of offsets) {
    try {
      const fd = fs.openSync(file, "r")
      const size = fs.fstatSync(fd).size
      const buf = Buffer.alloc(Math.max(0, size - offset))
      fs.readSync(fd, buf, 0, buf.length, offset)
      fs.closeSync(fd)
      text += buf.toString("utf8") + "\n"
    } catch {
      /* no log */
    }
  }
  // eslint-disable-next-line no-control-regex
  const lines = text.replace(/\u001b\[[0-9;]*m/g, "").split("\n")
  const byLevel: Record<string, number> = {}
  const completedVia: Record<string, number> = {}
  const problems: Record<string, number> = {}
  for (const line of lines) {
    const { level, message } = logLine(line)
    if (level) byLevel[level] = (byLevel[level] ?? 0) + 1
    const via = /is paid: Medusa order \S+ \(via (\w+)\)/.exec(message)?.[1]
    if (via) completedVia[via] = (completedVia[via] ?? 0) + 1
    if (level === "error" || level === "warn") {
      const key = `${level}: ${normalise(message.trim()).slice(0, 220)}`
      problems[key] = (problems[key] ?? 0) + 1
    }
  }
  const topProblems = Object.entries(problems)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
  return { byLevel, completedVia, topProblems }
}

/** A development line (`error: …`, the demo) or a production one (JSON with level and message, the cluster). */
function logLine(line: string): { level?: string; message: string } {
  const development = /^(error|warn|info|http|debug):(.*)$/.exec(line)
  if (development) return { level: development[1], message: development[2] }
  if (line.startsWith("{")) {
    try {
      const json = JSON.parse(line) as { level?: unknown; message?: unknown }
      if (typeof json.level === "string") return { level: json.level, message: String(json.message ?? "") }
    } catch {
      // not a log line of Medusa's
    }
  }
  return { message: line }
}

/** Blanks ids, tokens and numbers so equal messages count together. */
function normalise(s: string): string {
  return s
    .replace(/\b[a-z]+_[0-9A-Z]{26}\b/g, "<id>")
    .replace(/\b[0-9a-f]{32}\b/g, "<token>")
    .replace(/\b\d+(\.\d+)?\b/g, "<n>")
}

/**
 * Linux's count of connection attempts a listening socket's full accept queue dropped (/proc/net/netstat,
 * the whole machine); NaN elsewhere. Node listens with a backlog of 511, which `medusa start` keeps.
 */
function listenOverflows(): number {
  try {
    const [names, values] = fs.readFileSync("/proc/net/netstat", "utf8").split("\n")
    const at = names.split(" ").indexOf("ListenOverflows")
    return at < 0 ? NaN : Number(values.split(" ")[at])
  } catch {
    return NaN
  }
}

function fileSize(file: string): number {
  try {
    return fs.statSync(file).size
  } catch {
    return 0
  }
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now()
  await fn()
  return performance.now() - t
}

/** Runs `fn` over `items` with at most `concurrency` at once; the first error stops the rest and is thrown. */
export async function pool<T>(
  items: T[],
  concurrency: number,
  fn: (item: T, index: number) => Promise<void>
): Promise<void> {
  let next = 0
  let failed: unknown
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length && failed === undefined) {
        const index = next++
        try {
          await fn(items[index], index)
        } catch (e) {
          failed ??= e
        }
      }
    })
  )
  if (failed !== undefined) throw failed
}

export function shuffle<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[xs[i], xs[j]] = [xs[j], xs[i]]
  }
  return xs
}

function countBy(xs: string[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const x of xs) out[x] = (out[x] ?? 0) + 1
  return out
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((x) => fmt(x, 2))
    .join(" ")
}

export function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms))
}

function ms(x: number) {
  return `${fmt(x, 1)} ms`
}

export function intEnv(name: string, dflt: number, min = 1): number {
  const v = process.env[name]
  if (v === undefined || v === "") return dflt
  const n = Number(v)
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number of at least ${min}, got "${v}"`)
  return n
}
