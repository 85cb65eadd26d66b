import os from "node:os"
import { startCluster } from "../demo/cluster"
import {
  intEnv,
  loadAverage,
  measureStore,
  ordersOfCarts,
  PARTS,
  pool,
  PREP_CONCURRENCY,
  sleep,
  type StoreMeasurementContext,
  type StoreTarget,
} from "./fast-checkout-store"
import { fmt } from "./stats"
import { benchMode, note } from "./summary"
import type { RunningCluster } from "../demo/cluster"

/** Orders paid at once just before a worker is SIGKILLed (BENCH_KILL_ORDERS). */
const KILL_ORDERS = intEnv("BENCH_KILL_ORDERS", 20)
/** How long after the first pay the worker dies. */
const KILL_AFTER_MS = 50

/**
 * The same store measurements as the single-process bench (fast-checkout-store.ts: paid -> order, the
 * storm next to its system-provider baseline, the flood), in the production shape: Debian's
 * redis-server, one `server` and two `worker` Medusa instances on the same Postgres and Redis
 * (demo/cluster.ts). Webhooks, return routes and the store API reach the server; the workers settle.
 * Then a worker is SIGKILLed while orders are being paid: the time until the last of them exists.
 * `npm run bench -- fast-checkout-store fast-checkout-cluster` prints both next to each other.
 */
export async function benchFastCheckoutCluster(): Promise<void> {
  console.log("\n## Fast Checkout in a cluster (redis-server, embedded Postgres, sandbox, 1 server + 2 workers)")
  benchMode("cluster 1 server + 2 workers")
  const started = performance.now()
  const cluster = await startCluster({ workers: 2, keep: process.env.BENCH_KEEP_STORE === "1", log: () => {} })
  try {
    console.log(
      `cluster up in ${fmt((performance.now() - started) / 1000, 1)} s; ${os.cpus().length} CPUs, load average ${loadAverage()}; ` +
        cluster.instances.map((i) => `${i.name} pid ${i.pid}`).join(", ") +
        `; workers at nice ${cluster.workerNice} (CLUSTER_WORKER_NICE)`
    )
    await measureStore(
      clusterStoreTarget(cluster),
      PARTS.has("kill") ? (ctx) => benchWorkerKill(ctx, cluster) : undefined
    )
  } finally {
    await cluster.stop()
    if (process.env.BENCH_KEEP_STORE === "1") console.log(`(kept ${cluster.dataDir})`)
  }
}

/** The cluster as the store measurements see it: shoppers and Tikkie reach the server; every instance counts. */
export function clusterStoreTarget(cluster: RunningCluster): StoreTarget {
  return {
    storeUrl: cluster.serverUrl,
    sandboxUrl: cluster.sandboxUrl,
    databaseUrl: cluster.databaseUrl,
    publishableKey: cluster.publishableKey,
    regionId: cluster.regionId,
    medusaLogPath: cluster.server.logPath,
    storePort: cluster.server.port,
    instances: cluster.instances.map((i) => ({ name: i.name, pid: i.pid })),
    logPaths: cluster.instances.map((i) => i.logPath),
  }
}

// ---------------------------------------------------------------------------------------------------
// 5. Worker kill (last: the cluster has one worker fewer afterwards)

async function benchWorkerKill(
  { store, sandbox, db }: StoreMeasurementContext,
  cluster: RunningCluster
): Promise<void> {
  const carts = await store.prepareCarts(KILL_ORDERS, "worker kill carts")
  const tokens: string[] = []
  await pool(carts, PREP_CONCURRENCY, async (cart, i) => {
    tokens[i] = (await store.startFastCheckout(cart)).order_token
  })
  await sandbox.clearDeliveries()
  const victim = cluster.workers[0]
  const firstPay = Date.now()
  const pays = pool(tokens, KILL_ORDERS, async (orderToken) => {
    await sandbox.post(`/_sandbox/fastcheckout/orders/${orderToken}/pay`, {})
  })
  await sleep(KILL_AFTER_MS)
  const killedAt = Date.now()
  await victim.kill("SIGKILL")
  await pays
  const before = (await ordersOfCarts(db, carts)).filter((o) => o.created_at.getTime() <= killedAt).length
  const until = Date.now() + 300_000
  let orders = await ordersOfCarts(db, carts)
  while (new Set(orders.map((o) => o.cart_id)).size < KILL_ORDERS && Date.now() < until) {
    await sleep(250)
    orders = await ordersOfCarts(db, carts)
  }
  const carts2 = new Set(orders.map((o) => o.cart_id)).size
  const last = Math.max(...orders.map((o) => o.created_at.getTime()))
  const afterKill = (last - killedAt) / 1000
  console.log(
    `\n5. worker kill: ${KILL_ORDERS} orders paid at once (BENCH_KILL_ORDERS), ${victim.name} (pid ${victim.pid}) SIGKILLed ${killedAt - firstPay} ms after the first pay:`
  )
  console.log(
    `  orders existing at the kill ${before}; carts with an order ${carts2} of ${KILL_ORDERS}, orders ${orders.length} (more than one per cart: ${orders.length - carts2})`
  )
  console.log(
    `  SIGKILL to the last order's created_at   ${fmt(afterKill, 1)} s   (goal <= 15 s)${carts2 < KILL_ORDERS ? `; ${KILL_ORDERS - carts2} still without an order after 300 s` : ""}`
  )
  note(
    `worker kill: SIGKILL to last of ${KILL_ORDERS} orders`,
    `${fmt(afterKill, 1)} s (${carts2} of ${KILL_ORDERS}, ${orders.length - carts2} twice)`
  )
}
