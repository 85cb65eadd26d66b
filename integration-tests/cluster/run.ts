/**
 * `npm run test:cluster`: the plugin in the shape shops deploy. One cluster (demo/cluster.ts: redis-server,
 * embedded Postgres, the sandbox, ONE Medusa `server` and TWO `worker` instances, separate OS processes)
 * is started, the cases of cases.ts run against it in order (the worker kill last), and the run ends
 * with "cluster: N passed, N failed", exiting non-zero on a failure.
 *
 * The store-wide GET order limit is lowered to CLUSTER_GET_ORDER_LIMIT (TIKKIE_GET_ORDER_RATE_LIMIT in
 * every instance) so the storm drives it from all instances at once.
 */
import { startCluster, type RunningCluster } from "../../demo/cluster"
import { clusterCases, clusterContext, GET_ORDER_LIMIT, type ClusterCase } from "./cases"

async function main(): Promise<void> {
  const started = Date.now()
  const only = process.argv.slice(2)
  let cluster: RunningCluster | undefined
  let passed = 0
  let failed = 0
  const stopOnSignal = () => {
    void cluster?.stop().finally(() => process.exit(130))
  }
  process.on("SIGINT", stopOnSignal)
  process.on("SIGTERM", stopOnSignal)
  try {
    console.log("cluster: starting redis-server, Postgres, the sandbox, 1 server and 2 worker instances...")
    cluster = await startCluster({
      workers: 2,
      keep: process.env.CLUSTER_KEEP === "1",
      env: { TIKKIE_GET_ORDER_RATE_LIMIT: String(GET_ORDER_LIMIT) },
      log: (l) => console.log(`  [cluster] ${l}`),
    })
    console.log(`cluster: up in ${((Date.now() - started) / 1000).toFixed(0)} s (data in ${cluster.dataDir})`)
    const cases: ClusterCase[] = clusterCases.filter((c) => !only.length || only.some((o) => c.name.includes(o)))
    const context = await clusterContext(cluster)
    try {
      for (const c of cases) {
        const t0 = Date.now()
        try {
          await c.run(context)
          passed++
          console.log(`  ✓ ${c.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`)
        } catch (e) {
          failed++
          console.log(
            `  ✗ ${c.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)\n    ${e instanceof Error ? (e.stack ?? e.message).split("\n").join("\n    ") : String(e)}`
          )
        }
      }
    } finally {
      await context.close()
    }
  } catch (e) {
    failed++
    console.log(`  ✗ the cluster did not start: ${e instanceof Error ? e.stack || e.message : String(e)}`)
  } finally {
    await cluster?.stop()
  }
  console.log(`(cluster tests took ${((Date.now() - started) / 1000).toFixed(0)} s)`)
  console.log(`cluster: ${passed} passed, ${failed} failed`)
  process.exit(failed || !passed ? 1 : 0)
}

void main()
