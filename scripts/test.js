#!/usr/bin/env node
/**
 * `npm test`: every package's tests (tikkie-client's and tikkie-sandbox's under packages/, the plugin's
 * here): the formatter's check, the type-check, the unit project in one jest run, and every Medusa app test file in a jest
 * run of its own, two at a time on 2 cores, all on one Postgres. Ends with one line "total: N passed, N failed in M min S s".
 *
 * Why one process per app file: Medusa 2.21's module loaders keep state in process-wide caches, so the
 * second app booted in one process fails ("Loaders for module … failed: Method Map.prototype.set called
 * on incompatible receiver"); a fresh process per file boots cleanly.
 *
 * Why one Postgres for all of them: each file's app gets a database of its own on it (the test runner
 * names it after a fresh ulid), so files do not meet. (It used to be one server per file, against a stall
 * in a second app's migrations; that stall was the server's blocked log pipe, see runJob.)
 */
const { spawn, spawnSync } = require("node:child_process")
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { startEmbeddedPostgres } = require("./embedded-db")

const root = path.join(__dirname, "..")
const jest = path.join(root, "node_modules", "jest", "bin", "jest.js")
const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc")
/** What the formatter covers (package.json's format scripts say the same). */
const FORMATTED = "**/*.{ts,tsx,js,mjs,cjs}"

/**
 * A file that hangs must fail on its own instead of using up CI's whole time budget: each jest run gets
 * a wall-clock limit (TIKKIE_TEST_FILE_TIMEOUT_MS overrides it) and is killed when over it.
 */
const FILE_TIMEOUT_MS = Number(process.env.TIKKIE_TEST_FILE_TIMEOUT_MS) || 15 * 60_000

/**
 * How many app files run at once (TIKKIE_TEST_JOBS overrides it): as many as the cores, at least 2, at
 * most 4. The type-check and the unit run go beside them, one after the other, in a lane of their own:
 * the app files wait a good part of their time (for Tikkie's sandbox, for settlements, for timers), and
 * the lane fills those waits. A third app file at once on 2 cores filled them too (515 s against 564 s),
 * but under it the return routes' 2 s wait for a settlement in progress ran out in two of three
 * clean-clone CI runs: the app files stay as many as the cores.
 */
const JOBS = Math.max(
  1,
  Number(process.env.TIKKIE_TEST_JOBS) || Math.min(4, Math.max(2, os.availableParallelism?.() ?? os.cpus().length))
)

/**
 * Runs one child process without blocking this one: the embedded Postgres started here writes its log to
 * pipes that this process must keep reading. (With spawnSync the pipes filled up, and Postgres backends
 * blocked writing to them: a DROP DATABASE of the test runner's restore then waited forever on a
 * terminated connection that could not finish exiting; that was the "second app stalls" once seen.)
 *
 * With more than one run at a time, a run's output goes to a file and is printed in one piece when the
 * run ends, so two files' logs do not interleave (`quiet`: only when it failed).
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
  const child = spawn(process.execPath, args, { cwd: root, stdio, env })
  if (buffered) fs.closeSync(stdio[1])
  let killed = false
  const timer = setTimeout(() => {
    killed = true
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
      if (killed) console.log(`${label}: killed after ${seconds} s (limit ${FILE_TIMEOUT_MS / 1000} s)`)
      resolve({ code, seconds })
    })
  })
}

/**
 * The run's own Postgres is deleted when the run ends, so it skips what only makes data survive a crash:
 * every commit's fsync and the full-page images in the WAL. Before each test the test runner restores the
 * database from a snapshot (0.5-0.85 s per test measured on 2 cores), and each restore writes the whole schema.
 */
const THROWAWAY_DATABASE_FLAGS = ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]

/**
 * A larger young generation for the jest runs: jest compiles every module again for each test file and
 * throws it away after, so V8 spent a tenth of the unit run in scavenges with its default 16 MB
 * semi-space. With 64 MB the unit run took 110 s of CPU instead of 127 s (alone, on one machine, side
 * by side).
 */
const YOUNG_GENERATION = "--max-semi-space-size=64"

const RUN_STARTED = Date.now()

/** Options after `--` on the command line, passed to every jest run. */
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
  fs.rmSync(path.dirname(out), { recursive: true, force: true })
  if (code !== 0 && failed === 0) failed = 1
  console.log(`${label}: ${passed} passed, ${failed} failed (${seconds} s)`)
  return { passed, failed }
}

/**
 * The server, tests, demo, bench and the admin's React: a type error fails the run like a failing test.
 * Incremental (its state in node_modules/.cache): a later run checks again only the files changed since
 * and what depends on them, and gives the same errors as a full check.
 */
async function runTypecheck(opts) {
  const started = Date.now()
  let ok = true
  for (const project of ["tsconfig.typecheck.json", "tsconfig.admin.json"]) {
    const state = path.join(root, "node_modules", ".cache", `tikkie-${path.basename(project, ".json")}.tsbuildinfo`)
    const args = [tsc, "-p", project, "--incremental", "--tsBuildInfoFile", state]
    ok = (await runJob(args, `typecheck ${project}`, opts)).code === 0 && ok
  }
  console.log(`typecheck: ${ok ? "passed" : "failed"} (${Math.round((Date.now() - started) / 1000)} s)`)
  return { passed: 0, failed: ok ? 0 : 1 }
}

/** The formatter's check (prettier, .prettierrc.json): an unformatted file fails the run like a type error. */
async function runFormatCheck(opts) {
  const prettier = path.join(root, "node_modules", "prettier", "bin", "prettier.cjs")
  const { code, seconds } = await runJob([prettier, "--check", "--log-level", "warn", FORMATTED], "format check", opts)
  console.log(`format check: ${code === 0 ? "passed" : "failed (npm run format fixes it)"} (${seconds} s)`)
  return { passed: 0, failed: code === 0 ? 0 : 1 }
}

/** Runs the jobs, at most `limit` at a time, in the order given. */
async function pool(jobs, limit) {
  const results = []
  let next = 0
  const worker = async () => {
    while (next < jobs.length) results.push(await jobs[next++]())
  }
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker))
  return results
}

/**
 * The app files, longest first (so that the last one to start is short and the lanes end together): the
 * order is the durations of the last run on this machine (kept in node_modules/.cache); files not timed
 * yet go first.
 */
const timingsFile = path.join(root, "node_modules", ".cache", "tikkie-test-durations.json")
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
  // The workspace packages' dist, for what runs outside jest (the bins, Medusa processes some tests start).
  const built = spawnSync(process.execPath, [path.join(__dirname, "build-workspaces.js")], {
    cwd: root,
    stdio: "inherit",
  })
  if (built.status !== 0) process.exit(1)
  // `node scripts/test.js <path part>… [-- <jest options>]`: what follows `--` goes to every jest run
  // (e.g. `-- -t "refund"` to pick tests by name).
  const args = process.argv.slice(2)
  const dashes = args.indexOf("--")
  const filter = dashes < 0 ? args : args.slice(0, dashes)
  jestExtra = dashes < 0 ? [] : args.slice(dashes + 1)
  const wants = (f) => !filter.length || filter.some((p) => f.includes(p))
  const unitPaths = filter.filter((p) => p.includes("unit-tests") || p.includes("packages/"))
  // integration-tests/redis needs a redis-server (npm run test:cluster runs it): only when asked for, so
  // that `npm test` needs nothing but Node.
  const appDir = filter.some((p) => p.includes("integration-tests/redis")) ? "redis" : "http"
  const dir = path.join(root, "integration-tests", appDir)
  // A group (a spec file that imports `*.suite.ts` files, integration-tests/helpers/store-suites.ts) runs
  // whole when its own name is asked for, and with only the suites asked for (TIKKIE_SUITES) otherwise.
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
  // Files not timed yet (new ones, and all of them on a fresh clone) first, by size (a group's is its
  // suites'); then the timed ones, longest first.
  const size = (rel) => fs.statSync(path.join(root, rel)).size
  const suiteSizes = (rel) =>
    (suitesIn[rel] ?? []).reduce((n, s) => n + size(path.join("integration-tests", appDir, `${s}.suite.ts`)), 0)
  const weight = (rel) => timings[rel] ?? 1e6 + size(rel) + suiteSizes(rel)
  appFiles.sort((a, b) => weight(b) - weight(a))

  const runsUnit = !filter.length || unitPaths.length > 0
  const buffered = (filter.length ? 0 : 1) + (runsUnit ? 1 : 0) + appFiles.length > 1
  let db = null
  if (appFiles.length && !process.env.DB_HOST)
    db = await startEmbeddedPostgres({ postgresFlags: THROWAWAY_DATABASE_FLAGS })
  const appEnv = { ...process.env, ...(db?.env ?? {}) }

  // On its own server, the run migrates the schema once into template1, which every app file's new
  // database copies (scripts/migrate-template.js): the first app file to start waits for it. It costs
  // about two files' migrations, so a run of one or two files goes without.
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
  // The type-check and the unit run use one core each and need no database: one lane, beside the app
  // files' lanes (see JOBS), the longest app files first. When the lane is done, its slot takes app
  // files too: the app files wait much of their time, so a third one fills the cores the lane left.
  const lane = []
  if (!filter.length)
    lane.push(
      () => runFormatCheck({ buffered }),
      () => runTypecheck({ buffered })
    )
  if (runsUnit) {
    // Next to the app files the CPU is shared: jest's 5 s default is too tight for the tests that page
    // through thousands of sandbox records (one timed out at a load of 15 on 2 cores).
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
  // A run that ran nothing is a failure too: a wrong path must not look green.
  process.exit(totals.failed || !totals.passed ? 1 : 0)
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
