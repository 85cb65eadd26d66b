/**
 * The production shape on one machine: Debian's redis-server, embedded Postgres, the Tikkie sandbox, ONE
 * Medusa `server` instance and `workers` Medusa `worker` instances (separate OS processes, same database
 * and Redis, medusa-config.ts's Redis modules), and the demo storefront. The instances run as a shop runs
 * them, under NODE_ENV=production, with TIKKIE_SANDBOX=1 (the plugin's `sandbox: true`: plain HTTP).
 * `npm run cluster` calls `main()`; the cluster tests (integration-tests/cluster/) and the bench call
 * `startCluster()`.
 * Everything starts on free ports in a fresh temporary directory and is stopped by `stop()`.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { printReady, startDemo, type MedusaInstance, type RunningDemo } from "./run"

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startRedis } = require("../scripts/redis-server") as {
  startRedis(o?: { port?: number }): Promise<{ port: number; url: string; pid: number; stop(): Promise<void> }>
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { freePort } = require("../scripts/embedded-db") as { freePort(): Promise<number> }

export interface ClusterOptions {
  /** Worker instances next to the one server; default 2. */
  workers?: number
  /** More environment for every Medusa instance. */
  env?: Record<string, string>
  /** The workers' `nice` (demo/run.ts `workerNice`); default CLUSTER_WORKER_NICE, else 10. */
  workerNice?: number
  /** Serve the admin dashboard on the server (slower start); default false. */
  admin?: boolean
  /** Keep the data directory (logs) after stop; default: removed. */
  keep?: boolean
  log?: (line: string) => void
}

export interface RunningCluster extends RunningDemo {
  /** The server instance's URL (Store API, admin, /hooks): what Tikkie and shoppers reach. */
  serverUrl: string
  redisUrl: string
  dataDir: string
  /** The workers' `nice`. */
  workerNice: number
  server: MedusaInstance
  workers: MedusaInstance[]
  /** SIGKILLs redis-server (a crash: nothing saved) and starts an empty one on the same port after `downMs`. */
  restartRedisEmpty(downMs: number): Promise<void>
}

export async function startCluster(opts: ClusterOptions = {}): Promise<RunningCluster> {
  const workerNice = opts.workerNice ?? clusterWorkerNice(process.env.CLUSTER_WORKER_NICE)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tikkie-cluster-"))
  let redis = await startRedis()
  let demo: RunningDemo
  try {
    demo = await startDemo({
      dataDir,
      fresh: true,
      admin: opts.admin ?? false,
      storePort: await freePort(),
      storefrontPort: await freePort(),
      sandboxPort: await freePort(),
      redisUrl: redis.url,
      workers: opts.workers ?? 2,
      workerNice,
      env: { NODE_ENV: "production", TIKKIE_SANDBOX: "1", ...opts.env },
      log: opts.log,
    })
  } catch (e) {
    await redis.stop()
    if (!opts.keep) fs.rmSync(dataDir, { recursive: true, force: true })
    throw e
  }
  return {
    ...demo,
    serverUrl: demo.storeUrl,
    redisUrl: redis.url,
    dataDir,
    workerNice,
    server: demo.instances.find((i) => i.mode === "server")!,
    workers: demo.instances.filter((i) => i.mode === "worker"),
    restartRedisEmpty: async (downMs: number) => {
      const { port } = redis
      process.kill(redis.pid, "SIGKILL")
      await redis.stop() // waits for its exit, removes its directory
      await new Promise((r) => setTimeout(r, downMs))
      redis = await startRedis({ port })
    },
    stop: async () => {
      await demo.stop()
      await redis.stop()
      if (!opts.keep) fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** CLUSTER_WORKER_NICE: 0 to 19, 10 when unset; anything else is refused, naming the setting. */
function clusterWorkerNice(setting: string | undefined): number {
  if (setting === undefined || setting.trim() === "") return 10
  const nice = Number(setting)
  if (!Number.isInteger(nice) || nice < 0 || nice > 19) {
    throw new Error(`CLUSTER_WORKER_NICE must be a whole number from 0 to 19, got "${setting}"`)
  }
  return nice
}

export async function main(): Promise<void> {
  const started = Date.now()
  const cluster = await startCluster({
    workers: Number(process.env.CLUSTER_WORKERS) || 2,
    admin: process.env.TIKKIE_ADMIN !== "0",
    keep: true,
    log: (l) => process.stdout.write(`[cluster] ${l}\n`),
  })
  let stopping = false
  const shutdown = () => {
    if (stopping) process.exit(1)
    stopping = true
    process.stdout.write("\n[cluster] stopping the storefront, Medusa instances, sandbox, Postgres and Redis...\n")
    cluster.stop().then(
      () => process.exit(0),
      (e) => {
        process.stderr.write(`[cluster] ${e instanceof Error ? e.message : e}\n`)
        process.exit(1)
      }
    )
  }
  process.on("SIGINT", shutdown)
  process.on("SIGTERM", shutdown)
  printReady(`Tikkie cluster is ready (${((Date.now() - started) / 1000).toFixed(1)} s)`, [
    ["Storefront", cluster.storefrontUrl],
    ["Store API", `${cluster.serverUrl}/store  (publishable key ${cluster.publishableKey})`],
    ["Admin login", `${cluster.admin.email} / ${cluster.admin.password}`],
    ["Tikkie sandbox", cluster.sandboxUrl],
    ["Redis", cluster.redisUrl],
    ["Postgres", cluster.databaseUrl],
    ...cluster.instances.map((i): [string, string] => [i.name, `${i.url}  pid ${i.pid}  log ${i.logPath}`]),
  ])
}

if (process.argv[1] && path.resolve(process.argv[1]) === __filename) {
  main().catch((e) => {
    process.stderr.write(`[cluster] ${e instanceof Error ? e.stack || e.message : String(e)}\n`)
    process.exit(1)
  })
}
