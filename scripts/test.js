#!/usr/bin/env node
/**
 * `npm test`: the unit project in one jest run, then every Medusa app test file in a jest run of its own.
 *
 * Why one process per app file: Medusa 2.21's module loaders keep state in process-wide caches, so the
 * second app booted in one process fails ("Loaders for module … failed: Method Map.prototype.set called
 * on incompatible receiver"); a fresh process per file boots cleanly. Ends with one line
 * "total: N passed, N failed".
 */
const { spawn } = require("node:child_process")
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { startEmbeddedPostgres } = require("./embedded-db")

const root = path.join(__dirname, "..")
const jest = path.join(root, "node_modules", "jest", "bin", "jest.js")

/**
 * A file that hangs must fail on its own instead of using up CI's whole time budget: each jest run gets
 * a wall-clock limit (TIKKIE_TEST_FILE_TIMEOUT_MS overrides it) and is killed when over it.
 */
const FILE_TIMEOUT_MS = Number(process.env.TIKKIE_TEST_FILE_TIMEOUT_MS) || 15 * 60_000

/**
 * Runs jest in a child process and waits for it without blocking this process: the embedded Postgres
 * started here writes its log to pipes that this process must keep reading. (With spawnSync the pipes
 * filled up, and Postgres backends blocked writing to them: a DROP DATABASE of the test runner's
 * restore then waited forever on a terminated connection that could not finish exiting.)
 */
function runJest(args, label, env = process.env) {
  const started = Date.now()
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tikkie-jest-")), "result.json")
  const child = spawn(process.execPath, [jest, ...args, "--json", `--outputFile=${out}`], {
    cwd: root,
    stdio: "inherit",
    // The tests run the plugin's jobs themselves (src/lib/job-schedule.ts).
    env: { ...env, TIKKIE_SCHEDULED_JOBS: "off", NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --experimental-vm-modules`.trim() },
  })
  let killed = false
  const timer = setTimeout(() => {
    killed = true
    child.kill("SIGKILL")
  }, FILE_TIMEOUT_MS)
  return new Promise((resolve) => {
    child.on("exit", (code) => {
      clearTimeout(timer)
      let passed = 0
      let failed = 0
      try {
        const r = JSON.parse(fs.readFileSync(out, "utf8"))
        passed = r.numPassedTests
        failed = r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0)
      } catch {
        failed = 1 // no result: the run itself crashed or was killed
      }
      if (code !== 0 && failed === 0) failed = 1
      const seconds = Math.round((Date.now() - started) / 1000)
      if (killed) console.log(`${label}: killed after ${seconds} s (limit ${FILE_TIMEOUT_MS / 1000} s)`)
      console.log(`${label}: ${passed} passed, ${failed} failed (${seconds} s)`)
      resolve({ passed, failed })
    })
  })
}

function runTypecheck() {
  const started = Date.now()
  const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc")
  const one = (project) =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [tsc, "-p", project], { cwd: root, stdio: "inherit" })
      child.on("exit", (code) => resolve(code === 0))
    })
  return (async () => {
    const ok = (await one("tsconfig.typecheck.json")) && (await one("tsconfig.admin.json"))
    console.log(`typecheck: ${ok ? "passed" : "failed"} (${Math.round((Date.now() - started) / 1000)} s)`)
    return { passed: 0, failed: ok ? 0 : 1 }
  })()
}

/**
 * Runs `fn` with a Postgres: the server named by DB_HOST when set, otherwise a fresh embedded one (each
 * app file gets its own: a Medusa app booted after another one's teardown on the same embedded server
 * was seen to stall in its migrations).
 */
async function withPostgres(fn) {
  if (process.env.DB_HOST) return await fn(process.env)
  const db = await startEmbeddedPostgres()
  try {
    return await fn({ ...process.env, ...db.env })
  } finally {
    await db.stop()
  }
}

async function main() {
  const filter = process.argv.slice(2)
  const totals = { passed: 0, failed: 0 }
  const add = (r) => {
    totals.passed += r.passed
    totals.failed += r.failed
  }
  // The whole run type-checks first (server, tests, demo, bench and the admin's React): a type error
  // fails the run like a failing test.
  if (!filter.length) add(await runTypecheck())
  const wants = (f) => !filter.length || filter.some((p) => f.includes(p))
  const unitPaths = filter.filter((p) => p.includes("unit-tests"))
  if (!filter.length || unitPaths.length) add(await runJest([...unitPaths, "--selectProjects", "unit"], "unit"))
  const dir = path.join(root, "integration-tests", "http")
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".spec.ts")).sort()) {
    const rel = path.join("integration-tests", "http", file)
    if (!wants(rel)) continue
    add(await withPostgres((env) => runJest(["--runInBand", "--forceExit", rel], file, env)))
  }
  console.log(`total: ${totals.passed} passed, ${totals.failed} failed`)
  // A run that ran nothing is a failure too: a wrong path must not look green.
  process.exit(totals.failed || !totals.passed ? 1 : 0)
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
