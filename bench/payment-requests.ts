import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import v8 from "node:v8"
import vm from "node:vm"
import { Agent, request } from "undici"
import { DEMO } from "../demo/constants"
import { startCluster } from "../demo/cluster"
import { startDemo, type RunningDemo } from "../demo/run"
import { PaymentRequestsClient } from "tikkie-client/payment-requests/v2"
import type { ListPaymentRequestsInput } from "tikkie-client/payment-requests/v2/schemas"
import { SandboxControl } from "tikkie-sandbox/control-client"
import { startSandboxProcess } from "./sandbox-process"
import { fmt, median, percentile } from "./stats"
import { benchMode } from "./summary"
import { notePaidToOrder, paidWarmupPairs } from "./settlement-breakdown"

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { freePort } = require("../scripts/embedded-db") as { freePort(): Promise<number> }
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Client } = require("pg") as typeof import("pg")

/**
 * Issue 4's figures, printed only (nothing passes or fails):
 *
 * (a) In one demo store (embedded Postgres, the sandbox, `medusa start`, from demo/run.ts's startDemo),
 *     alternating A/B, one at a time: A, a cart with a Tikkie payment link is paid on the sandbox (which
 *     sends the PAYMENT notification at once) until the cart is completed with the payment captured;
 *     B, `POST /store/carts/:id/complete` of the same kind of cart with a session of Medusa's system
 *     provider. Median ratio A/B, goal at most 1.5.
 * (b) Listing 10,000 payment requests through the v2 client's paging iterator (`paymentRequests()`,
 *     50 a page) against a sandbox in its own process: requests per second, and the heap held while
 *     iterating next to collecting the same list into an array.
 */

const PAIRS = intEnv("BENCH_LINK_PAIRS", 20)
const LIST_SIZE = intEnv("BENCH_LIST_SIZE", 10_000)
const LIST_ROUNDS = 3
/** How often the store API is asked whether a paid cart became an order. */
const POLL_MS = 10
/** Quiet time after each measured call, so background work of one does not hit the next. */
const SETTLE_PAUSE_MS = 300

const ADDRESS = {
  first_name: "Sanne",
  last_name: "de Vries",
  address_1: "Keizersgracht 1",
  postal_code: "1015 CJ",
  city: "Amsterdam",
  country_code: "nl",
}

export async function benchPaymentRequests(): Promise<void> {
  console.log("\n## Payment request links (pay by link)")
  await benchListing()
  await benchLinkStore()
}

// ---------------------------------------------------------------------------------------------------
// (a) notification to captured, against the system provider, in one demo store

async function benchLinkStore(): Promise<void> {
  benchMode("single process")
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tikkie-bench-links-"))
  const started = performance.now()
  let demo: RunningDemo | undefined
  try {
    demo = await startDemo({
      dataDir,
      fresh: true,
      admin: false,
      storePort: await freePort(),
      storefrontPort: await freePort(),
      sandboxPort: await freePort(),
      log: () => {},
    })
    console.log(`\n(a) demo store up in ${fmt((performance.now() - started) / 1000, 1)} s`)
    await measureLinkStore(demo, [path.join(dataDir, "medusa.log")], paidWarmupPairs(1))
  } finally {
    await demo?.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * (a) in the production shape (demo/cluster.ts: redis-server, one `server` and two `worker` instances):
 * the notification reaches the server, which hands it to a worker through Redis; the worker settles.
 * `npm run bench -- payment-requests-cluster`.
 */
export async function benchPaymentRequestsCluster(): Promise<void> {
  console.log(
    "\n## Payment request links in a cluster (redis-server, embedded Postgres, sandbox, 1 server + 2 workers)"
  )
  benchMode("cluster 1 server + 2 workers")
  const started = performance.now()
  const cluster = await startCluster({ workers: 2, log: () => {} })
  try {
    console.log(`\n(a) cluster up in ${fmt((performance.now() - started) / 1000, 1)} s`)
    await measureLinkStore(
      cluster,
      cluster.instances.map((i) => i.logPath),
      paidWarmupPairs(cluster.instances.length)
    )
  } finally {
    await cluster.stop()
  }
}

/** (a) against a running store: its log files hold the completion and timing lines (one per instance). */
async function measureLinkStore(demo: RunningDemo, logPaths: string[], warmupPairs: number): Promise<void> {
  const store = new Store(demo)
  const sandbox = new SandboxControl(demo.sandboxUrl)
  const db = new Client({ connectionString: demo.databaseUrl })
  await db.connect()
  try {
    await measureNotificationToCaptured(store, sandbox, db, logPaths, warmupPairs)
  } finally {
    await db.end()
    await sandbox.close()
    await store.close()
  }
}

async function measureNotificationToCaptured(
  store: Store,
  sandbox: SandboxControl,
  db: InstanceType<typeof Client>,
  logPaths: string[],
  warmupPairs: number
) {
  await store.loadCatalogue()
  const pairs = warmupPairs + PAIRS
  const linkCarts: Array<{ cart: string; token: string }> = []
  const systemCarts: string[] = []
  for (let i = 0; i < pairs; i++) {
    const a = await store.prepareCart()
    linkCarts.push({ cart: a, token: (await store.startLink(a)).payment_request_token })
    const b = await store.prepareCart()
    await store.systemSession(b)
    systemCarts.push(b)
  }
  const logOffsets = logPaths.map(fileSize)

  const failures: string[] = []
  const linkRuns: Array<{ observed: number; token: string; completedAt: number }> = []
  const systemRuns: Array<{ call: number; sentAt: number; completedAt: number }> = []
  const ratios: number[] = []

  const runLink = async ({ cart, token }: { cart: string; token: string }) => {
    const t0 = performance.now()
    await sandbox.post(`/_sandbox/paymentrequests/${token}/pay`, { counterPartyName: "Bench Payer" })
    const until = Date.now() + 30_000
    for (;;) {
      // Asked of Postgres, not of the store: the store's GET cart, every 10 ms, took the one Node process's
      // CPU while it completed the cart (B's call waits without asking), and made A look slower than it is.
      const { rows } = await db.query<{ completed_at: Date | null }>("select completed_at from cart where id = $1", [
        cart,
      ])
      const completedAt = rows[0]?.completed_at?.getTime()
      if (completedAt) return { observed: performance.now() - t0, token, completedAt }
      if (Date.now() > until) {
        failures.push(`link cart ${cart} (${token}) was no order 30 s after the payment`)
        return undefined
      }
      await sleep(POLL_MS)
    }
  }
  const runSystem = async (cart: string) => {
    const sentAt = Date.now()
    const t0 = performance.now()
    const ok = await store.completeCart(cart)
    const call = performance.now() - t0
    if (ok !== true) {
      failures.push(`system cart ${cart}: ${ok}`)
      return undefined
    }
    return { call, sentAt, completedAt: (await store.cartCompletedAt(cart)) ?? NaN }
  }

  for (let i = 0; i < pairs; i++) {
    let a: Awaited<ReturnType<typeof runLink>>
    let b: Awaited<ReturnType<typeof runSystem>>
    if (i % 2 === 0) {
      a = await runLink(linkCarts[i])
      await sleep(SETTLE_PAUSE_MS)
      b = await runSystem(systemCarts[i])
    } else {
      b = await runSystem(systemCarts[i])
      await sleep(SETTLE_PAUSE_MS)
      a = await runLink(linkCarts[i])
    }
    await sleep(SETTLE_PAUSE_MS)
    if (i < warmupPairs || !a || !b) continue
    linkRuns.push(a)
    systemRuns.push(b)
    ratios.push(a.observed / b.call)
  }

  // Server-side boundaries: when the sandbox sent the notification, and the cart's completed_at.
  const sentAt = new Map<string, number>()
  for (const d of await sandbox.deliveries("paymentRequests.notification")) {
    const token = (d.body as { paymentRequestToken?: string }).paymentRequestToken
    if (token && d.attempts[0] && !sentAt.has(token)) sentAt.set(token, Date.parse(d.attempts[0].at))
  }
  const linkServer = linkRuns.map((r) => r.completedAt - (sentAt.get(r.token) ?? NaN)).filter(Number.isFinite)
  const systemServer = systemRuns.map((r) => r.completedAt - r.sentAt).filter(Number.isFinite)
  const linkObserved = linkRuns.map((r) => r.observed)
  const systemObserved = systemRuns.map((r) => r.call)
  const via = completedVia(logPaths, logOffsets)

  console.log(
    `(a) paid to cart completed, ${linkRuns.length} A/B pairs after ${warmupPairs} warm-up pairs, one at a time, ${SETTLE_PAUSE_MS} ms quiet between calls:`
  )
  console.log(
    `  A payment link: from POST /_sandbox/paymentrequests/:token/pay (the sandbox sends the PAYMENT notification at once)`
  )
  console.log(
    `    until the cart's completed_at is set (Postgres, every ${POLL_MS} ms)   median ${ms(median(linkObserved))}   p90 ${ms(percentile(linkObserved, 0.9))}`
  )
  console.log(
    `  B system provider: POST /store/carts/:id/complete                             median ${ms(median(systemObserved))}   p90 ${ms(percentile(systemObserved, 0.9))}`
  )
  console.log(
    `  ratio A/B ${fmt(median(linkObserved) / median(systemObserved))} (of medians); median of per-pair ratios ${fmt(median(ratios))}   (goal <= 1.50)`
  )
  console.log(
    `  server side (whole ms): A notification sent -> cart completed_at median ${ms(median(linkServer))}; ` +
      `B request sent -> completed_at median ${ms(median(systemServer))}; ratio ${fmt(median(linkServer) / median(systemServer))}`
  )
  notePaidToOrder(
    "link",
    linkRuns
      .filter((r) => sentAt.has(r.token))
      .map((r) => ({ token: r.token, sentAt: sentAt.get(r.token)!, completedAt: r.completedAt })),
    systemServer,
    logPaths
  )
  console.log(
    `  link carts completed by: ${
      Object.entries(via)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ") || "none logged"
    }`
  )
  if (failures.length) console.log(`  ! ${failures.length} failures, e.g. ${failures[0]}`)
}

/** Counts the store logs' "is paid: Medusa order … (via notification|return|poll)" lines after each file's offset. */
function completedVia(files: string[], offsets: number[]): Record<string, number> {
  const out: Record<string, number> = {}
  files.forEach((file, i) => {
    let text = ""
    try {
      text = fs.readFileSync(file, "utf8").slice(offsets[i])
    } catch {
      return
    }
    for (const m of text.matchAll(/Tikkie payment request \S+ is paid: Medusa order \S+ \(via (\w+)\)/g))
      out[m[1]] = (out[m[1]] ?? 0) + 1
  })
  return out
}

class Store {
  private readonly agent = new Agent({ connections: 16 })
  private readonly headers: Record<string, string>
  private variants: string[] = []
  private shippingOptionId?: string
  private next = 0

  constructor(private readonly demo: RunningDemo) {
    this.headers = { "x-publishable-api-key": demo.publishableKey, "content-type": "application/json" }
  }

  close() {
    return this.agent.close()
  }

  async call<T = Record<string, any>>(method: "GET" | "POST", p: string, body?: unknown): Promise<T> {
    const res = await request(this.demo.storeUrl + p, {
      method,
      headers: this.headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      dispatcher: this.agent,
    })
    const text = await res.body.text()
    if (res.statusCode >= 300) throw new Error(`${method} ${p} answered ${res.statusCode}: ${text.slice(0, 300)}`)
    return (text ? JSON.parse(text) : {}) as T
  }

  async loadCatalogue() {
    const { products } = await this.call<{ products: Array<{ variants: Array<{ id: string }> }> }>(
      "GET",
      "/store/products?fields=id,*variants&limit=50"
    )
    this.variants = products.flatMap((p) => p.variants.map((v) => v.id))
    if (!this.variants.length) throw new Error("the demo store has no products")
  }

  /** A cart as the storefront makes it for a link: one line, email, NL address, PostNL. */
  async prepareCart(): Promise<string> {
    const { cart } = await this.call("POST", "/store/carts?fields=id", {
      region_id: this.demo.regionId,
      email: "bench@example.nl",
      shipping_address: ADDRESS,
      items: [{ variant_id: this.variants[this.next++ % this.variants.length], quantity: 1 }],
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

  startLink(cartId: string) {
    return this.call<{ payment_url: string; payment_request_token: string }>(
      "POST",
      `/store/carts/${cartId}/tikkie-payment-request`,
      {}
    )
  }

  async systemSession(cartId: string) {
    const { payment_collection } = await this.call("POST", "/store/payment-collections?fields=id", { cart_id: cartId })
    await this.call("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions?fields=id`, {
      provider_id: DEMO.systemProvider,
    })
  }

  /** true, or what went wrong. */
  async completeCart(cartId: string): Promise<true | string> {
    try {
      const res = await this.call<{ type: string; error?: { message?: string } }>(
        "POST",
        `/store/carts/${cartId}/complete`,
        {}
      )
      return res.type === "order" ? true : `${res.type}: ${res.error?.message}`
    } catch (e) {
      return e instanceof Error ? e.message : String(e)
    }
  }

  async cartCompletedAt(cartId: string): Promise<number | undefined> {
    const { cart } = await this.call("GET", `/store/carts/${cartId}?fields=id,completed_at`)
    return cart.completed_at ? Date.parse(cart.completed_at) : undefined
  }
}

// ---------------------------------------------------------------------------------------------------
// (b) listing 10,000 payment requests through the paging iterator

/** Counts the list calls the iterator makes (one HTTP request each). */
class CountingClient extends PaymentRequestsClient {
  calls = 0
  override async listPaymentRequests(query: ListPaymentRequestsInput) {
    this.calls++
    return super.listPaymentRequests(query)
  }
}

async function benchListing(): Promise<void> {
  const sandbox = await startSandboxProcess()
  const apiKey = "bench-api-key"
  const setup = new PaymentRequestsClient({ apiKey, baseUrl: sandbox.url })
  try {
    const { appToken } = await setup.createSandboxApp()
    const client = new CountingClient({ apiKey, appToken, baseUrl: sandbox.url })
    try {
      const t0 = performance.now()
      let created = 0
      await Promise.all(
        Array.from({ length: 32 }, async () => {
          while (created < LIST_SIZE) {
            const i = created++
            await client.createPaymentRequest({ description: `Invoice ${i}`, amountInCents: 100 + (i % 9_900) })
          }
        })
      )
      console.log(
        `\n(b) listing ${LIST_SIZE.toLocaleString("en-US")} payment requests (made through the sandbox in ${fmt((performance.now() - t0) / 1000, 1)} s; sandbox in its own process)`
      )

      const rounds: Array<{ ms: number; calls: number; items: number }> = []
      for (let r = 0; r < LIST_ROUNDS + 1; r++) {
        client.calls = 0
        const started = performance.now()
        let items = 0
        for await (const pr of client.paymentRequests()) if (pr.paymentRequestToken) items++
        const round = { ms: performance.now() - started, calls: client.calls, items }
        if (r > 0) rounds.push(round) // the first round warms up connections and code
      }
      const best = rounds.map((r) => r.ms)
      const m = median(best)
      const { calls, items } = rounds[0]
      console.log(
        `  paymentRequests() iterator: ${items.toLocaleString("en-US")} items in ${calls} list requests (pageSize 50), median of ${LIST_ROUNDS} rounds ${ms(m)}` +
          ` -> ${fmt(calls / (m / 1000), 0)} requests/s, ${fmt(items / (m / 1000), 0)} items/s`
      )

      const gc = exposeGc()
      if (!gc) {
        console.log("  memory: no gc() available, not measured")
        return
      }
      // Heap held while iterating: what stays reachable after a full GC at every page boundary (signed:
      // one page is smaller than the heap's own noise, so it can read as a few kB below the start).
      gc()
      gc() // twice: the first may leave what the timing rounds freed in the old generation
      const base = process.memoryUsage().heapUsed
      const held: number[] = []
      let n = 0
      for await (const pr of client.paymentRequests()) {
        if (pr && ++n % 50 === 0) {
          gc()
          held.push(process.memoryUsage().heapUsed - base)
        }
      }
      gc()
      gc()
      const base2 = process.memoryUsage().heapUsed
      const all = []
      for await (const pr of client.paymentRequests()) all.push(pr)
      gc()
      const collected = process.memoryUsage().heapUsed - base2
      // The start-of-iteration baseline is itself noisy (a few hundred kB that a GC frees later), so what
      // is printed is how much the heap moves between page boundaries: flat means one page held at a time.
      const spread = Math.max(...held) - Math.min(...held)
      const drift = held[held.length - 1] - held[0]
      console.log(
        `  heap while iterating, after GC at each of ${held.length} page boundaries: spread (highest - lowest) ${kb(spread)},` +
          ` first to last boundary ${drift >= 0 ? "+" : ""}${kb(drift)}`
      )
      console.log(
        `  side by side: the same ${all.length.toLocaleString("en-US")} requests collected into an array hold ${kb(collected)}` +
          ` (${fmt(collected / all.length, 0)} bytes each)`
      )
    } finally {
      await client.close()
    }
  } finally {
    await setup.close()
    await sandbox.stop()
  }
}

/** gc() without a command-line flag: allowed at run time, then fetched from a fresh context. */
function exposeGc(): (() => void) | undefined {
  if (typeof global.gc === "function") return global.gc as () => void
  try {
    v8.setFlagsFromString("--expose-gc")
    return vm.runInNewContext("gc") as () => void
  } catch {
    return undefined
  }
}

// ---------------------------------------------------------------------------------------------------

function fileSize(file: string): number {
  try {
    return fs.statSync(file).size
  } catch {
    return 0
  }
}

function sleep(msDelay: number) {
  return new Promise((r) => setTimeout(r, msDelay))
}

function ms(x: number) {
  return `${fmt(x, 1)} ms`
}

function kb(bytes: number) {
  return `${fmt(bytes / 1024, 0)} kB`
}

function intEnv(name: string, dflt: number): number {
  const v = process.env[name]
  if (v === undefined || v === "") return dflt
  const n = Number(v)
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number, got "${v}"`)
  return n
}
