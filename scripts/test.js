#!/usr/bin/env node
/**
 * `npm test`: the formatter's check, the type-check and the unit project (all packages) in one lane, and
 * every Medusa app test file in a jest run of its own (Medusa 2.21 boots one app per process), all on one
 * Postgres, each file's app on a database of its own. Ends with "total: N passed, N failed in M min S s".
 */
const { spawn, spawnSync } = require("node:child_process")
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { startEmbeddedPostgres } = require("./embedded-db")

const root = path.join(__dirname, "..")
const jest = path.join(root, "node_modules", "jest", "bin", "jest.js")
const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc")
const FORMATTED = "**/*.{ts,tsx,js,mjs,cjs}"

/** A file that hangs fails on its own, killed after this (TIKKIE_TEST_FILE_TIMEOUT_MS). */
const FILE_TIMEOUT_MS = Number(process.env.TIKKIE_TEST_FILE_TIMEOUT_MS) || 15 * 60_000

/** TIKKIE_TEST_CPU=1: each job's CPU seconds (user + sys, /usr/bin/time) after its duration. */
const CPU = process.env.TIKKIE_TEST_CPU === "1" && fs.existsSync("/usr/bin/time")
let jobsCpuSeconds = 0

/** App files at once beside the lane (TIKKIE_TEST_JOBS): as many as the cores, 2 to 4; then the lane's slot too. */
const JOBS = Math.max(
  1,
  Number(process.env.TIKKIE_TEST_JOBS) || Math.min(4, Math.max(2, os.availableParallelism?.() ?? os.cpus().length))
)

/**
 * Runs a child without blocking this process, which must keep draining the embedded Postgres's log pipes.
 * `buffered`: output printed in one piece at the end (`quiet`: only on failure), so runs do not interleave.
 */
function runJob(args, label, { env = process.env, buffered = false, quiet = false } = {}) {
  const started = Date.now()
  let logFile = null
  let stdio = "inherit"
  if (buffered) {
    logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tikkie-test-log-")), "output.log")
    const fd = fs.openSync(logFile, "w")
    stdio = ["ignore", fd, fd]
  }
  const cpuFile = CPU ? path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tikkie-test-cpu-")), "time") : null
  const child = cpuFile
    ? spawn("/usr/bin/time", ["-f", "%U %S", "-o", cpuFile, process.execPath, ...args], { cwd: root, stdio, env })
    : spawn(process.execPath, args, { cwd: root, stdio, env })
  if (buffered) fs.closeSync(stdio[1])
  let killed = false
  const timer = setTimeout(() => {
    killed = true
    // Under /usr/bin/time (TIKKIE_TEST_CPU) the job is time's child: that one first.
    try {
      const children = cpuFile ? fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8") : ""
      for (const pid of children.trim().split(/\s+/).filter(Boolean)) process.kill(Number(pid), "SIGKILL")
    } catch {
      // gone already
    }
    child.kill("SIGKILL")
  }, FILE_TIMEOUT_MS)
  return new Promise((resolve) => {
    child.on("exit", (code) => {
      clearTimeout(timer)
      if (logFile) {
        if (!quiet || code !== 0) process.stdout.write(fs.readFileSync(logFile))
        fs.rmSync(path.dirname(logFile), { recursive: true, force: true })
      }
      const seconds = Math.round((Date.now() - started) / 1000)
      if (cpuFile) {
        const last = fs.existsSync(cpuFile) ? fs.readFileSync(cpuFile, "utf8").trim().split("\n").pop() : ""
        const [user, sys] = (last ?? "").split(" ").map(Number)
        if (user >= 0 && sys >= 0) {
          jobsCpuSeconds += user + sys
          console.log(`${label}: ${Math.round(user + sys)} s CPU (${Math.round(user)} user, ${Math.round(sys)} sys)`)
        }
        fs.rmSync(path.dirname(cpuFile), { recursive: true, force: true })
      }
      if (killed) console.log(`${label}: killed after ${seconds} s (limit ${FILE_TIMEOUT_MS / 1000} s)`)
      resolve({ code, seconds })
    })
  })
}

/** The run's own Postgres is thrown away at the end: nothing needs to survive a crash. */
const THROWAWAY_DATABASE_FLAGS = ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]

/** jest loads every module again per test file: a 64 MB young generation scavenges far less often. */
const YOUNG_GENERATION = "--max-semi-space-size=64"

const RUN_STARTED = Date.now()

let jestExtra = []

async function runJest(jestArgs, label, opts) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tikkie-jest-")), "result.json")
  const env = {
    ...(opts.env ?? process.env),
    // The tests run the plugin's jobs themselves (src/utils/job-schedule.ts).
    TIKKIE_SCHEDULED_JOBS: "off",
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --experimental-vm-modules ${YOUNG_GENERATION}`.trim(),
  }
  const { code, seconds } = await runJob([jest, ...jestArgs, ...jestExtra, "--json", `--outputFile=${out}`], label, {
    ...opts,
    env,
  })
  let passed = 0
  let failed = 0
  try {
    const r = JSON.parse(fs.readFileSync(out, "utf8"))
    passed = r.numPassedTests
    failed = r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0)
  } catch {
    failed = 1 // no result: the run itself crashed or was killed
  }
  // TIKKIE_TEST_RESULTS_DIR: jest's JSON of each run kept there (each test's duration), for finding where time goes.
  const keep = process.env.TIKKIE_TEST_RESULTS_DIR
  if (keep && fs.existsSync(out)) fs.copyFileSync(out, path.join(keep, `${label.replace(/\W+/g, "_")}.json`))
  fs.rmSync(path.dirname(out), { recursive: true, force: true })
  if (code !== 0 && failed === 0) failed = 1
  console.log(`${label}: ${passed} passed, ${failed} failed (${seconds} s)`)
  return { passed, failed }
}

/** The type-check and the format check keep state here: a later run checks only what changed, same errors. */
const cacheDir = path.join(root, "node_modules", ".cache")

async function runTypecheck(opts) {
  const started = Date.now()
  let ok = true
  for (const project of ["tsconfig.typecheck.json", "tsconfig.admin.json"]) {
    const state = path.join(cacheDir, `tikkie-${path.basename(project, ".json")}.tsbuildinfo`)
    const args = [tsc, "-p", project, "--incremental", "--tsBuildInfoFile", state]
    ok = (await runJob(args, `typecheck ${project}`, opts)).code === 0 && ok
  }
  console.log(`typecheck: ${ok ? "passed" : "failed"} (${Math.round((Date.now() - started) / 1000)} s)`)
  return { passed: 0, failed: ok ? 0 : 1 }
}

async function runFormatCheck(opts) {
  const prettier = path.join(root, "node_modules", "prettier", "bin", "prettier.cjs")
  const cache = ["--cache", "--cache-strategy", "content", "--cache-location", path.join(cacheDir, "tikkie-prettier")]
  const args = [prettier, "--check", "--log-level", "warn", ...cache, FORMATTED]
  const { code, seconds } = await runJob(args, "format check", opts)
  console.log(`format check: ${code === 0 ? "passed" : "failed (npm run format fixes it)"} (${seconds} s)`)
  return { passed: 0, failed: code === 0 ? 0 : 1 }
}

async function pool(jobs, limit) {
  const results = []
  let next = 0
  const worker = async () => {
    while (next < jobs.length) results.push(await jobs[next++]())
  }
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker))
  return results
}

/** A fresh clone's order (no durations yet): seconds of a full run on 2 cores; file sizes order them badly. */
const EXPECTED_SECONDS = {
  "integration-tests/http/checkout-after.spec.ts": 220,
  "integration-tests/http/checkout.spec.ts": 190,
  "integration-tests/http/payment-links-more.spec.ts": 170,
  "integration-tests/http/payment-links.spec.ts": 120,
  "integration-tests/http/bank-plain-http.spec.ts": 95,
  "integration-tests/http/postgres-locking-v1-rules.spec.ts": 95,
  "integration-tests/http/payment-links-v1.spec.ts": 80,
  "integration-tests/http/bank.spec.ts": 70,
  "integration-tests/http/tikkie-module.spec.ts": 25,
  "integration-tests/http/tikkie-bank-module.spec.ts": 18,
}

/** The app files longest first by the last run's durations here (node_modules/.cache), so lanes end together. */
const timingsFile = path.join(cacheDir, "tikkie-test-durations.json")
function readTimings() {
  try {
    return JSON.parse(fs.readFileSync(timingsFile, "utf8"))
  } catch {
    return {}
  }
}
function writeTimings(t) {
  try {
    fs.mkdirSync(path.dirname(timingsFile), { recursive: true })
    fs.writeFileSync(timingsFile, JSON.stringify(t, null, 2))
  } catch {
    // only an ordering hint
  }
}

async function main() {
  const built = spawnSync(process.execPath, [path.join(__dirname, "build-workspaces.js")], {
    cwd: root,
    stdio: "inherit",
  })
  if (built.status !== 0) process.exit(1)
  // `node scripts/test.js <path part>… [-- <jest options for every run>]`
  const args = process.argv.slice(2)
  const dashes = args.indexOf("--")
  const filter = dashes < 0 ? args : args.slice(0, dashes)
  jestExtra = dashes < 0 ? [] : args.slice(dashes + 1)
  const wants = (f) => !filter.length || filter.some((p) => f.includes(p))
  const unitPaths = filter.filter((p) => p.includes("unit-tests") || p.includes("packages/"))
  // integration-tests/redis needs a redis-server: only when asked for.
  const appDir = filter.some((p) => p.includes("integration-tests/redis")) ? "redis" : "http"
  const dir = path.join(root, "integration-tests", appDir)
  // A group (helpers/store-suites.ts) runs whole when named, else with only the suites named (TIKKIE_SUITES).
  const suitesOf = {}
  const suitesIn = {}
  const appFiles = []
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(".spec.ts"))) {
    const rel = path.join("integration-tests", appDir, f)
    const suites = [...fs.readFileSync(path.join(dir, f), "utf8").matchAll(/from "\.\/([\w-]+)\.suite"/g)].map(
      (m) => m[1]
    )
    suitesIn[rel] = suites
    const asked = suites.filter((s) => wants(`${s}.suite.ts`))
    if (wants(rel)) appFiles.push(rel)
    else if (asked.length) {
      appFiles.push(rel)
      suitesOf[rel] = asked
    }
  }

  const timings = readTimings()
  const size = (rel) => fs.statSync(path.join(root, rel)).size
  const suiteSizes = (rel) =>
    (suitesIn[rel] ?? []).reduce((n, s) => n + size(path.join("integration-tests", appDir, `${s}.suite.ts`)), 0)
  // A file not timed here yet (new, or renamed) among timed ones: its expected seconds at this machine's pace.
  const paces = Object.keys(EXPECTED_SECONDS)
    .filter((rel) => timings[rel])
    .map((rel) => timings[rel] / EXPECTED_SECONDS[rel])
    .sort((a, b) => a - b)
  const pace = paces.length ? paces[Math.floor(paces.length / 2)] : 1
  const weight = (rel) =>
    timings[rel] ?? (EXPECTED_SECONDS[rel] ? pace * EXPECTED_SECONDS[rel] : 1e6 + size(rel) + suiteSizes(rel))
  appFiles.sort((a, b) => weight(b) - weight(a))

  const runsUnit = !filter.length || unitPaths.length > 0
  const buffered = (filter.length ? 0 : 1) + (runsUnit ? 1 : 0) + appFiles.length > 1
  let db = null
  if (appFiles.length && !process.env.DB_HOST)
    db = await startEmbeddedPostgres({ postgresFlags: THROWAWAY_DATABASE_FLAGS })
  const appEnv = { ...process.env, ...(db?.env ?? {}) }

  // On its own server, the schema is migrated once into template1, which each file's database copies.
  let template = null
  const migrateTemplate = () =>
    (template ??= (async () => {
      if (!db || appFiles.length < 3) return { passed: 0, failed: 0 }
      const label = "migrate template1"
      const script = path.join(__dirname, "migrate-template.js")
      const { code, seconds } = await runJob([script], label, { env: appEnv, buffered: true, quiet: true })
      console.log(`${label}: ${code === 0 ? "done" : "failed"} (${seconds} s)`)
      return { passed: 0, failed: code === 0 ? 0 : 1 }
    })())
  const appJobs = appFiles.map((rel) => async () => {
    await migrateTemplate()
    const started = Date.now()
    const env = suitesOf[rel] ? { ...appEnv, TIKKIE_SUITES: suitesOf[rel].join(",") } : appEnv
    const label = suitesOf[rel] ? `${path.basename(rel)} (${suitesOf[rel].join(", ")})` : path.basename(rel)
    const r = await runJest(["--runInBand", "--forceExit", rel], label, { env, buffered })
    if (!suitesOf[rel]) timings[rel] = Math.round((Date.now() - started) / 1000)
    return r
  })
  const lane = []
  if (!filter.length)
    lane.push(
      () => runFormatCheck({ buffered }),
      () => runTypecheck({ buffered })
    )
  if (runsUnit) {
    // Beside the app files, the tests paging through thousands of sandbox records need more than 5 s.
    lane.push(() => runJest([...unitPaths, "--selectProjects", "unit", "--testTimeout=30000"], "unit", { buffered }))
  }

  let results
  try {
    const laneJob = lane.length ? [() => pool(lane, 1)] : []
    results = (await pool([...laneJob, ...appJobs], JOBS + laneJob.length)).flat()
  } finally {
    if (db) await db.stop()
  }
  if (appFiles.length) writeTimings(timings)
  if (template) results.push(await template)
  const totals = results.reduce((t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed }), {
    passed: 0,
    failed: 0,
  })
  const took = Math.round((Date.now() - RUN_STARTED) / 1000)
  console.log(`total: ${totals.passed} passed, ${totals.failed} failed in ${Math.floor(took / 60)} min ${took % 60} s`)
  if (CPU) console.log(`CPU of the jobs: ${Math.round(jobsCpuSeconds)} s (Postgres not included)`)
  // A run that ran nothing is a failure too: a wrong path must not look green.
  process.exit(totals.failed || !totals.passed ? 1 : 0)
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
