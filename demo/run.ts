/**
 * Starts the whole demo: embedded Postgres, the Tikkie sandbox, a Medusa store built from this
 * repository's medusa-config.ts and src/, and the minimal storefront. `npm run demo` calls `main()`;
 * the e2e test calls `startDemo()` with a temporary data directory and free ports.
 */
import { spawn, type ChildProcess } from "node:child_process"
import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { BANK_BANNER, DEMO } from "./constants"
import { demoBankEnv, startDemoPayouts } from "./bank"
import { startStorefront, type RunningStorefront } from "./storefront/server"

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startEmbeddedPostgres, freePort } = require("../scripts/embedded-db") as {
  startEmbeddedPostgres(o: { persistentDir?: string; port?: number }): Promise<{
    port: number
    stop(): Promise<void>
  }>
  freePort(): Promise<number>
}

export const ROOT = path.resolve(__dirname, "..")
const MEDUSA_CLI = path.join(path.dirname(require.resolve("@medusajs/cli/package.json", { paths: [ROOT] })), "cli.js")
const DB_NAME = "medusa_demo"

export interface DemoOptions {
  /** Persistent state (Postgres data, seed result, logs). */
  dataDir: string
  storePort?: number
  storefrontPort?: number
  sandboxPort?: number
  /** Postgres port; default: a free one. */
  pgPort?: number
  /** Serve the admin dashboard (TIKKIE_ADMIN=1). Default true. */
  admin?: boolean
  /** Print Medusa's output to this process's stdout as well as to <dataDir>/medusa.log. */
  echoMedusa?: boolean
  /** Start from an empty database (removes the data directory's Postgres data and seed result). */
  fresh?: boolean
  /** Aborting stops the start-up and cleans up what was started. */
  signal?: AbortSignal
  /**
   * Production shape (demo/cluster.ts): with a Redis URL, Medusa runs as ONE `server` instance on
   * `storePort` and `workers` `worker` instances (free ports, no admin), every one its own OS process
   * with the Redis modules of medusa-config.ts; without it, one process with Medusa's defaults.
   */
  redisUrl?: string
  workers?: number
  /**
   * The workers' CPU priority (`nice`, 0-19; default 0): on one machine a niced worker yields the CPU to
   * the server, whose answers shoppers and Tikkie wait on, and settles in the time left (docs/production.md).
   */
  workerNice?: number
  /** More environment for every Medusa process (e.g. TIKKIE_GET_ORDER_RATE_LIMIT). */
  env?: Record<string, string>
  log?: (line: string) => void
}

export interface RunningDemo {
  storefrontUrl: string
  storeUrl: string
  adminUrl: string
  sandboxUrl: string
  databaseUrl: string
  publishableKey: string
  regionId: string
  admin: { email: string; password: string }
  /** The env the Medusa process got (secrets included; for tests). */
  medusaEnv: Record<string, string>
  /** The Medusa processes: one `shared`, or one `server` and the workers. */
  instances: MedusaInstance[]
  timings: Record<string, number>
  /**
   * SIGKILLs Postgres's postmaster (a crash: no checkpoint, every connection cut) and starts it again on
   * its data and port after `downMs`, as a service manager would; it recovers from its WAL.
   */
  restartPostgresHard?(downMs: number): Promise<void>
  stop(): Promise<void>
}

export interface MedusaInstance {
  name: string
  mode: "shared" | "server" | "worker"
  port: number
  url: string
  pid: number
  logPath: string
  /** Signals the instance's process group (SIGKILL: a crash; SIGTERM: a graceful stop). */
  kill(signal?: NodeJS.Signals): Promise<void>
}

interface SeedState {
  publishableKey: string
  regionId: string
  salesChannelId: string
  stockLocationId: string
  adminCreated?: boolean
}

export async function startDemo(opts: DemoOptions): Promise<RunningDemo> {
  const log = opts.log ?? ((l: string) => process.stdout.write(`[demo] ${l}\n`))
  const dataDir = path.resolve(opts.dataDir)
  if (opts.fresh) {
    for (const name of ["pg", "seed.json", "seed.json.tmp", "migrated.hash", "medusa.log", "sandbox-state.json"]) {
      fs.rmSync(path.join(dataDir, name), { recursive: true, force: true })
    }
  }
  fs.mkdirSync(dataDir, { recursive: true })
  fs.chmodSync(dataDir, 0o755)
  const storePort = opts.storePort ?? 9000
  const storefrontPort = opts.storefrontPort ?? 8000
  const sandboxPort = opts.sandboxPort ?? 4010
  const admin = opts.admin ?? true
  const storeUrl = `http://localhost:${storePort}`
  const storefrontUrl = `http://localhost:${storefrontPort}`
  const timings: Record<string, number> = {}
  const t0 = Date.now()
  const mark = (name: string) => {
    timings[name] = Date.now() - t0
    if (opts.signal?.aborted) throw new Error("start-up interrupted")
  }
  const medusaLogPath = path.join(dataDir, "medusa.log")
  const medusaLog = fs.createWriteStream(medusaLogPath, { flags: "a" })

  const cleanups: Array<() => Promise<void> | void> = []
  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    for (const fn of cleanups.reverse()) {
      try {
        await fn()
      } catch (e) {
        log(`stop: ${e instanceof Error ? e.message : String(e)}`)
      }
    }
    medusaLog.end()
  }

  try {
    // 1. Postgres
    for (const [name, port] of [
      ["store", storePort],
      ["storefront", storefrontPort],
      ["sandbox", sandboxPort],
    ] as const) {
      await assertPortFree(port, name)
    }
    let pg = await startEmbeddedPostgres({
      persistentDir: path.join(dataDir, "pg"),
      port: opts.pgPort ?? (await freePort()),
    })
    cleanups.push(() => pg.stop())
    const databaseUrl = `postgres://postgres:postgres@localhost:${pg.port}/${DB_NAME}`
    mark("postgres")
    log(`Postgres on port ${pg.port} (data in ${displayPath(path.join(dataDir, "pg"))})`)

    // 2. Tikkie sandbox, in process
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { startSandbox } = require("tikkie-sandbox/server") as typeof import("tikkie-sandbox/server")
    // A state file: orders and tokens the store's database refers to survive a restart of the demo.
    const sandbox = await startSandbox({ port: sandboxPort, stateFile: path.join(dataDir, "sandbox-state.json") })
    cleanups.push(() => sandbox.close())
    log(`Tikkie sandbox on ${sandbox.url}`)
    const apiKey = process.env.TIKKIE_API_KEY || "demo-api-key"
    const merchantToken = process.env.TIKKIE_MERCHANT_TOKEN || (await createMerchant(sandbox.url, apiKey, log))
    const appToken = process.env.TIKKIE_APP_TOKEN || (await createSandboxApp(sandbox.url, apiKey, log))

    // 3. Database, migrations, seed, admin user
    await ensureDatabase(pg.port)
    const env: Record<string, string> = {
      ...stringEnv(process.env),
      NODE_ENV: "development",
      DATABASE_URL: databaseUrl,
      STORE_CORS: storefrontUrl,
      ADMIN_CORS: storeUrl,
      AUTH_CORS: `${storeUrl},${storefrontUrl}`,
      TIKKIE_ADMIN: admin ? "1" : "0",
      TIKKIE_BASE_URL: sandbox.url,
      TIKKIE_STORE_URL: storeUrl,
      TIKKIE_STOREFRONT_URL: storefrontUrl,
      TIKKIE_API_KEY: apiKey,
      ...(merchantToken ? { TIKKIE_MERCHANT_TOKEN: merchantToken } : {}),
      // Registers the payment request provider (medusa-config.ts); the demo subscribes its notifications below.
      ...(appToken ? { TIKKIE_APP_TOKEN: appToken } : {}),
      MEDUSA_DISABLE_TELEMETRY: "true",
      DO_NOT_TRACK: "1",
      PORT: String(storePort),
      // Bank account and reconciliation against the sandbox (demo/bank.ts).
      ...demoBankEnv({ dataDir, sandboxUrl: sandbox.url, storeUrl, apiKey }),
      ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
      ...opts.env,
    }
    const run = (args: string[], label: string, extraEnv: Record<string, string> = {}) =>
      runMedusa(args, { ...env, ...extraEnv }, medusaLog, label, opts.echoMedusa === true, opts.signal)

    // Migrations run when what they depend on changed (config, lock file, migrations, links) or when
    // DEMO_MIGRATE=always; a warm start with nothing new skips the ~15 s boot of `medusa db:migrate`.
    const migratedPath = path.join(dataDir, "migrated.hash")
    const inputs = migrationInputsHash()
    if (process.env.DEMO_MIGRATE === "always" || readText(migratedPath) !== inputs) {
      log("migrating the database (medusa db:migrate)")
      fs.rmSync(migratedPath, { force: true })
      await run(["db:migrate", "--execute-safe-links"], "db:migrate")
      fs.writeFileSync(migratedPath, inputs)
      mark("migrated")
    } else {
      log("migrations: nothing changed since the last run (DEMO_MIGRATE=always forces them)")
    }

    const seedPath = path.join(dataDir, "seed.json")
    let seed = readJson<SeedState>(seedPath)
    if (!seed?.adminCreated) {
      log(`seeding the store (medusa exec ./demo/seed.ts) and creating the admin user ${DEMO.adminEmail} (medusa user)`)
      const tmp = `${seedPath}.tmp`
      // One after the other: both boot Medusa, which creates the default store on a fresh database, and
      // two boots at once raced on it ("Price preference ... already exists").
      await run(["exec", "./demo/seed.ts"], "seed", { DEMO_SEED_OUT: tmp })
      await run(["user", "-e", DEMO.adminEmail, "-p", DEMO.adminPassword], "user").catch((e) => {
        // A previous, interrupted run may have created the user already; the admin login below tells.
        log(`medusa user: ${e instanceof Error ? e.message.split("\n")[0] : e}`)
      })
      const seeded = readJson<SeedState>(tmp)
      if (!seeded) throw new Error("the seed wrote no result")
      seed = { ...seeded, adminCreated: true }
      fs.writeFileSync(seedPath, JSON.stringify(seed, null, 2))
      fs.rmSync(tmp, { force: true })
      mark("seeded")
    }

    // 4. Medusa: one shared process, or a server and its workers (all at once; each waits for its health)
    const instances: MedusaInstance[] = []
    const startInstance = async (name: string, mode: MedusaInstance["mode"], port: number) => {
      const instanceEnv =
        mode === "shared"
          ? env
          : { ...env, MEDUSA_WORKER_MODE: mode, ...(mode === "worker" ? { TIKKIE_ADMIN: "0" } : {}) }
      const logPath = mode === "shared" ? medusaLogPath : path.join(dataDir, `medusa-${name}.log`)
      const out = mode === "shared" ? medusaLog : fs.createWriteStream(logPath, { flags: "a" })
      if (out !== medusaLog) cleanups.push(() => void out.end())
      // BENCH_CPU_PROF_DIR: the server instance writes a V8 CPU profile there when it stops (npm run bench).
      const profile = mode === "server" && process.env.BENCH_CPU_PROF_DIR
      const nodeArgs = profile ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : []
      const nice = mode === "worker" ? (opts.workerNice ?? 0) : 0
      const child = spawnMedusa(
        ["start", "--port", String(port)],
        instanceEnv,
        out,
        opts.echoMedusa === true,
        nodeArgs,
        nice
      )
      cleanups.push(() => killGroup(child))
      const instance: MedusaInstance = {
        name,
        mode,
        port,
        url: `http://localhost:${port}`,
        pid: child.pid!,
        logPath,
        kill: (signal: NodeJS.Signals = "SIGTERM") => killGroup(child, signal === "SIGKILL" ? 0 : 10_000, signal),
      }
      instances.push(instance)
      await waitForHealth(`${instance.url}/health`, child, 300_000, logPath, opts.signal)
    }
    if (opts.redisUrl) {
      log(
        `starting Medusa: a server on ${storeUrl}${admin ? " (admin dashboard on)" : ""} and ${opts.workers ?? 2} workers, on Redis ${opts.redisUrl}`
      )
      const workerPorts = await Promise.all(Array.from({ length: opts.workers ?? 2 }, () => freePort()))
      await Promise.all([
        startInstance("server", "server", storePort),
        ...workerPorts.map((port, i) => startInstance(`worker-${i + 1}`, "worker", port)),
      ])
    } else {
      log(`starting Medusa on ${storeUrl}${admin ? " (admin dashboard on)" : ""}`)
      await startInstance("medusa", "shared", storePort)
    }
    mark("medusa")

    const adminToken = await adminLogin(storeUrl)
    await ensurePaymentProviders(storeUrl, adminToken, seed.regionId, log)
    if (appToken) await subscribePaymentRequestNotifications(storeUrl, adminToken, log)

    // Tikkie pays out to the connected bank account, as it would for a real shop.
    const stopPayouts = startDemoPayouts({ sandboxUrl: sandbox.url, databaseUrl, log })
    cleanups.push(() => stopPayouts())

    // 5. Storefront
    const storefront: RunningStorefront = await startStorefront({
      port: storefrontPort,
      storeUrl,
      publishableKey: seed.publishableKey,
      regionId: seed.regionId,
      admin: { email: DEMO.adminEmail, password: DEMO.adminPassword },
    })
    cleanups.push(() => storefront.close())
    mark("ready")

    return {
      storefrontUrl,
      storeUrl,
      adminUrl: `${storeUrl}/app`,
      sandboxUrl: sandbox.url,
      databaseUrl,
      publishableKey: seed.publishableKey,
      regionId: seed.regionId,
      admin: { email: DEMO.adminEmail, password: DEMO.adminPassword },
      medusaEnv: env,
      instances,
      timings,
      restartPostgresHard: async (downMs: number) => {
        const pgDir = path.join(dataDir, "pg")
        const pid = Number(fs.readFileSync(path.join(pgDir, "data", "postmaster.pid"), "utf8").split("\n")[0])
        process.kill(pid, "SIGKILL")
        await new Promise((r) => setTimeout(r, downMs))
        // Its backends end when they see the postmaster gone; until then a new one refuses to start.
        for (let attempt = 1; ; attempt++) {
          try {
            pg = await startEmbeddedPostgres({ persistentDir: pgDir, port: pg.port })
            return
          } catch (e) {
            if (attempt >= 20) throw e
            await new Promise((r) => setTimeout(r, 1_000))
          }
        }
      },
      stop,
    }
  } catch (e) {
    await stop()
    throw e
  }
}

function stringEnv(e: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(e)) if (v !== undefined) out[k] = v
  return out
}

/** Relative to the working directory when inside it, else absolute. */
function displayPath(p: string): string {
  const rel = path.relative(process.cwd(), p)
  return rel && !rel.startsWith("..") ? rel : p
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8")
  } catch {
    return undefined
  }
}

/** A hash of what `medusa db:migrate` depends on in this repository. */
function migrationInputsHash(): string {
  const hash = crypto.createHash("sha256")
  const files: string[] = ["medusa-config.ts", "package-lock.json"]
  const walk = (dir: string) => {
    if (!fs.existsSync(path.join(ROOT, dir))) return
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(rel)
      else files.push(rel)
    }
  }
  walk("src/links")
  const modules = path.join(ROOT, "src/modules")
  if (fs.existsSync(modules)) for (const m of fs.readdirSync(modules)) walk(path.join("src/modules", m, "migrations"))
  for (const f of files.sort()) {
    hash.update(`${f}\0`)
    hash.update(readText(path.join(ROOT, f)) ?? "")
    hash.update("\0")
  }
  return hash.digest("hex")
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T
  } catch {
    return undefined
  }
}

async function assertPortFree(port: number, name: string): Promise<void> {
  const net = await import("node:net")
  await new Promise<void>((resolve, reject) => {
    const srv = net.createServer()
    srv.once("error", () =>
      reject(
        new Error(`port ${port} (${name}) is in use; stop what uses it or choose another port (see demo/README.md)`)
      )
    )
    srv.listen(port, () => srv.close(() => resolve()))
  })
}

async function createMerchant(
  sandboxUrl: string,
  apiKey: string,
  log: (l: string) => void
): Promise<string | undefined> {
  try {
    const res = await fetch(`${sandboxUrl}/v1/pay/fastcheckout/merchant`, {
      method: "POST",
      headers: { "API-Key": apiKey },
    })
    const body = (await res.json().catch(() => ({}))) as { merchantToken?: string }
    if (res.ok && body.merchantToken) return body.merchantToken
    log(`sandbox merchant: HTTP ${res.status}; TIKKIE_MERCHANT_TOKEN stays unset`)
  } catch (e) {
    log(`sandbox merchant: ${e instanceof Error ? e.message : e}; TIKKIE_MERCHANT_TOKEN stays unset`)
  }
  return undefined
}

/** A payment requests v2 app of the sandbox (`POST /v2/pay/sandboxapps`), bound to the API key. */
async function createSandboxApp(
  sandboxUrl: string,
  apiKey: string,
  log: (l: string) => void
): Promise<string | undefined> {
  try {
    const res = await fetch(`${sandboxUrl}/v2/pay/sandboxapps`, { method: "POST", headers: { "API-Key": apiKey } })
    const body = (await res.json().catch(() => ({}))) as { appToken?: string }
    if (res.ok && body.appToken) return body.appToken
    log(`sandbox app: HTTP ${res.status}; TIKKIE_APP_TOKEN stays unset (no payment links)`)
  } catch (e) {
    log(`sandbox app: ${e instanceof Error ? e.message : e}; TIKKIE_APP_TOKEN stays unset (no payment links)`)
  }
  return undefined
}

/**
 * Subscribes the store's notification URL at once (the admin route): the plugin's own subscription job
 * runs once a minute, and a link paid in the demo's first minute should not wait for the poll.
 */
async function subscribePaymentRequestNotifications(storeUrl: string, token: string, log: (l: string) => void) {
  const res = await fetch(`${storeUrl}/admin/tikkie/payment-requests/subscription`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: "{}",
  })
  if (!res.ok)
    log(`payment request notifications: subscribing answered HTTP ${res.status}; the poll job still settles paid links`)
}

async function ensureDatabase(port: number): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Client } = require("pg") as typeof import("pg")
  const client = new Client({ host: "localhost", port, user: "postgres", password: "postgres", database: "postgres" })
  await client.connect()
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [DB_NAME])
    if (!rowCount) await client.query(`CREATE DATABASE ${DB_NAME}`)
  } finally {
    await client.end()
  }
}

/**
 * `pipe`: the output passes through this process (echoed or read here); otherwise the instance writes its
 * log file itself. Node writes stdout to a pipe synchronously, so a pipe to a busy process (the bench's
 * sandbox and clients) would hold up the instance's event loop whenever it logs.
 */
export function spawnMedusa(
  args: string[],
  env: Record<string, string>,
  out: fs.WriteStream,
  echo: boolean,
  nodeArgs: string[] = [],
  nice = 0,
  pipe = echo
): ChildProcess {
  // `nice` before exec: every thread of the process gets the priority (setpriority reaches one thread).
  const command = [process.execPath, ...nodeArgs, MEDUSA_CLI, ...args]
  const [file, ...argv] = nice > 0 && process.platform !== "win32" ? ["nice", "-n", String(nice), ...command] : command
  const logFd = pipe ? undefined : fs.openSync(out.path, "a")
  const child = spawn(file, argv, {
    cwd: ROOT,
    env,
    stdio: logFd === undefined ? ["ignore", "pipe", "pipe"] : ["ignore", logFd, logFd],
    // Own process group: stopping kills Medusa and whatever it started (esbuild, vite) together.
    detached: true,
  })
  if (logFd !== undefined) {
    fs.closeSync(logFd)
    return child
  }
  const forward = (chunk: Buffer) => {
    out.write(chunk)
    if (echo) process.stdout.write(chunk)
  }
  child.stdout!.on("data", forward)
  child.stderr!.on("data", forward)
  return child
}

async function runMedusa(
  args: string[],
  env: Record<string, string>,
  out: fs.WriteStream,
  label: string,
  echo: boolean,
  signal?: AbortSignal
): Promise<void> {
  if (signal?.aborted) throw new Error("start-up interrupted")
  const child = spawnMedusa(args, env, out, echo, [], 0, true)
  const onAbort = () => void killGroup(child, 3_000)
  signal?.addEventListener("abort", onAbort, { once: true })
  let tail = ""
  const keep = (c: Buffer) => (tail = (tail + c.toString()).slice(-4000))
  child.stdout!.on("data", keep)
  child.stderr!.on("data", keep)
  const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)))
  signal?.removeEventListener("abort", onAbort)
  if (signal?.aborted) throw new Error("start-up interrupted")
  if (code !== 0) throw new Error(`medusa ${label} failed (exit ${code}):\n${tail}`)
}

async function killGroup(child: ChildProcess, graceMs = 10_000, first: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s)
    } catch {
      /* already gone */
    }
  }
  signal(first)
  const timer = setTimeout(() => signal("SIGKILL"), graceMs)
  await exited
  clearTimeout(timer)
  signal("SIGKILL") // stragglers in the group
}

async function waitForHealth(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
  logPath: string,
  signal?: AbortSignal
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (signal?.aborted) throw new Error("start-up interrupted")
    if (child.exitCode !== null) {
      const tail = fs.readFileSync(logPath, "utf8").split("\n").slice(-30).join("\n")
      throw new Error(`Medusa exited with code ${child.exitCode}; last lines of ${logPath}:\n${tail}`)
    }
    try {
      const res = await fetch(url)
      if (res.ok) return
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`Medusa did not answer ${url} within ${timeoutMs / 1000} s (see ${logPath})`)
}

export async function adminLogin(storeUrl: string): Promise<string> {
  const res = await fetch(`${storeUrl}/auth/user/emailpass`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: DEMO.adminEmail, password: DEMO.adminPassword }),
  })
  const body = (await res.json().catch(() => ({}))) as { token?: string; message?: string }
  if (!res.ok || !body.token) throw new Error(`admin login failed: HTTP ${res.status} ${body.message ?? ""}`)
  return body.token
}

/**
 * The Tikkie provider is registered in medusa-config.ts by the store (here: by this repository's config
 * once the provider exists). When Medusa has it, make sure the demo region offers it.
 */
async function ensurePaymentProviders(storeUrl: string, token: string, regionId: string, log: (l: string) => void) {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" }
  const res = await fetch(`${storeUrl}/admin/payments/payment-providers?limit=100`, { headers })
  const { payment_providers = [] } = (await res.json()) as {
    payment_providers?: Array<{ id: string; is_enabled: boolean }>
  }
  const available = payment_providers.filter((p) => p.is_enabled !== false).map((p) => p.id)
  const wanted = [DEMO.systemProvider, DEMO.tikkieProvider, DEMO.paymentRequestProvider].filter((id) =>
    available.includes(id)
  )
  const regionRes = await fetch(`${storeUrl}/admin/regions/${regionId}?fields=id,*payment_providers`, { headers })
  const { region } = (await regionRes.json()) as { region: { payment_providers?: Array<{ id: string }> } }
  const current = (region.payment_providers ?? []).map((p) => p.id)
  const missing = wanted.filter((id) => !current.includes(id))
  if (missing.length) {
    const upd = await fetch(`${storeUrl}/admin/regions/${regionId}`, {
      method: "POST",
      headers,
      body: JSON.stringify({ payment_providers: [...new Set([...current, ...missing])] }),
    })
    if (!upd.ok)
      throw new Error(`could not add ${missing.join(", ")} to the region: HTTP ${upd.status} ${await upd.text()}`)
    log(`region now offers ${missing.join(", ")}`)
  }
  if (!available.includes(DEMO.tikkieProvider)) {
    log(`${DEMO.tikkieProvider} is not registered in medusa-config.ts yet: only the test payment button works`)
  }
}

export async function main(): Promise<void> {
  const num = (name: string, dflt: number) => {
    const v = process.env[name]
    if (v === undefined || v === "") return dflt
    const n = Number(v)
    if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`${name} must be a port number, got "${v}"`)
    return n
  }
  const started = Date.now()
  const abort = new AbortController()
  let demo: RunningDemo | undefined
  let stopping = false
  const shutdown = (signal: string) => {
    if (stopping) {
      process.stdout.write("\n[demo] forced exit\n")
      process.exit(1)
    }
    stopping = true
    if (!demo) {
      process.stdout.write(`\n[demo] ${signal}: interrupting the start-up...\n`)
      abort.abort()
      return
    }
    process.stdout.write(`\n[demo] ${signal}: stopping storefront, Medusa, sandbox and Postgres...\n`)
    demo.stop().then(
      () => {
        process.stdout.write("[demo] stopped\n")
        process.exit(0)
      },
      (e) => {
        process.stderr.write(`[demo] ${e instanceof Error ? e.message : e}\n`)
        process.exit(1)
      }
    )
  }
  process.on("SIGINT", () => shutdown("SIGINT"))
  process.on("SIGTERM", () => shutdown("SIGTERM"))
  demo = await startDemo({
    signal: abort.signal,
    dataDir: process.env.DEMO_DATA_DIR || path.join(ROOT, ".demo"),
    storePort: num("DEMO_STORE_PORT", 9000),
    storefrontPort: num("DEMO_STOREFRONT_PORT", 8000),
    sandboxPort: num("DEMO_SANDBOX_PORT", num("TIKKIE_SANDBOX_PORT", 4010)),
    pgPort: process.env.DEMO_PG_PORT ? num("DEMO_PG_PORT", 0) : undefined,
    admin: process.env.TIKKIE_ADMIN !== "0",
    fresh: process.env.DEMO_FRESH === "1" || process.argv.includes("--fresh"),
    echoMedusa: process.env.DEMO_VERBOSE === "1",
  })
  const secs = ((Date.now() - started) / 1000).toFixed(1)
  const steps = Object.entries(demo.timings)
    .map(([k, v], i, all) => `${k} ${((v - (i ? all[i - 1][1] : 0)) / 1000).toFixed(1)} s`)
    .join(", ")
  printReady(`Tikkie demo store is ready (${secs} s: ${steps})`, [
    ["Storefront", demo.storefrontUrl],
    ["Store API", `${demo.storeUrl}/store  (publishable key ${demo.publishableKey})`],
    ["Admin", demo.adminUrl + (demo.medusaEnv.TIKKIE_ADMIN === "1" ? "" : "  (off: TIKKIE_ADMIN=0)")],
    ["Admin login", `${demo.admin.email} / ${demo.admin.password}`],
    ["Tikkie sandbox", demo.sandboxUrl],
    // Names only what the admin shows: the demo itself has the sandbox pay out (startDemoPayouts).
    ["Bank account", BANK_BANNER(demo.adminUrl)],
    ["Medusa log", displayPath(path.join(process.env.DEMO_DATA_DIR || path.join(ROOT, ".demo"), "medusa.log"))],
  ])
}

/** The banner `npm run demo` and `npm run cluster` print once everything answers. */
export function printReady(title: string, rows: Array<[string, string]>): void {
  const lines = rows.map(([label, value]) => `  ${label.padEnd(16)}${value}`)
  process.stdout.write(["", `  ${title}`, "", ...lines, "", "  Ctrl-C stops everything.", ""].join("\n") + "\n")
}

if (process.argv[1] && path.resolve(process.argv[1]) === __filename) {
  main().catch((e) => {
    if (e instanceof Error && e.message === "start-up interrupted") {
      process.stdout.write("[demo] stopped\n")
      process.exit(130)
    }
    process.stderr.write(`[demo] ${e instanceof Error ? e.stack || e.message : String(e)}\n`)
    process.exit(1)
  })
}
