/**
 * The jest runner of both projects: their test files run one after another in one child process on Node's own
 * loader (scripts/jest-shared-worker.js), so Medusa, zod, undici… load once per run, not once per file as in
 * jest's per-file module registry. A file that needs that registry (`jest.mock`, `isolateModules`…) runs on
 * jest's own runner; TIKKIE_JEST_SHARED=off runs every file there.
 */
const { fork } = require("node:child_process")
const fs = require("node:fs")
const path = require("node:path")
const { EmittingTestRunner, default: TestRunner } = require("jest-runner")
const Emittery = require(require.resolve("emittery", { paths: [path.dirname(require.resolve("jest-runner"))] }))

const NEEDS_REGISTRY =
  /\bjest\.(mock|doMock|unmock|dontMock|deepUnmock|setMock|isolateModules|isolateModulesAsync|requireActual|requireMock|resetModules|createMockFromModule|genMockFromModule|enableAutomock|autoMockOn|unstable_mockModule)\b/
const EVENTS = ["test-file-start", "test-file-success", "test-file-failure", "test-case-start", "test-case-result"]
const WORKER = path.join(__dirname, "jest-shared-worker.js")

class SharedRunner extends EmittingTestRunner {
  #events = new Emittery()

  on(eventName, listener) {
    return this.#events.on(eventName, listener)
  }

  async runTests(tests, watcher, options) {
    const off = process.env.TIKKIE_JEST_SHARED === "off"
    const own = tests.filter((t) => off || NEEDS_REGISTRY.test(fs.readFileSync(t.path, "utf8")))
    const shared = tests.filter((t) => !own.includes(t))
    const runs = []
    if (own.length) {
      const inner = new TestRunner(this._globalConfig, this._context)
      const unsubscribe = EVENTS.map((name) => inner.on(name, (args) => this.#events.emit(name, args)))
      runs.push(inner.runTests(own, watcher, options).finally(() => unsubscribe.forEach((u) => u())))
    }
    const projects = [...new Set(shared.map((t) => t.context.config))]
    if (shared.length)
      runs.push(
        (async () => {
          for (const config of projects)
            await this.#runShared(
              shared.filter((t) => t.context.config === config),
              watcher,
              options
            )
        })()
      )
    await Promise.all(runs)
  }

  async #runShared(tests, watcher, options) {
    const queue = [...tests]
    // Each child takes the next file; more than one only when jest may use more workers.
    const children = options.serial ? 1 : Math.max(1, Math.min(this._globalConfig.maxWorkers, queue.length))
    const stray = []
    await Promise.all(Array.from({ length: children }, (_, i) => this.#child(i + 1, queue, watcher, stray)))
    // An error thrown outside any test (a timer a file left behind) fails the run rather than vanish.
    if (stray.length) throw new Error(`errors outside any test in the unit project:\n${stray.join("\n")}`)
  }

  async #child(workerId, queue, watcher, stray) {
    let worker = null
    let current = null
    let settle = null
    let closing = false
    const start = (config) => {
      worker = fork(WORKER, [], {
        env: { ...process.env, JEST_WORKER_ID: String(workerId) },
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      })
      // Tagged: Medusa in the child may use the IPC channel too.
      worker.on("message", (m) => {
        if (m?.tikkieJest === "stray") {
          if (!closing) stray.push(m.message)
        } else if (m?.tikkieJest) settle?.(m)
      })
      worker.on("exit", (code, signal) => settle?.({ tikkieJest: "exit", code, signal }))
      worker.send({ tikkieJest: "init", globalConfig: this._globalConfig, config })
    }
    try {
      while (queue.length && !watcher.isInterrupted()) {
        const test = (current = queue.shift())
        if (!worker) start(test.context.config)
        await this.#events.emit("test-file-start", [test])
        const started = Date.now()
        const answer = await new Promise((resolve) => {
          settle = resolve
          worker.send({ tikkieJest: "run", path: test.path })
        })
        settle = null
        if (answer.tikkieJest === "result") {
          const end = Date.now()
          const result = { ...answer.result, perfStats: { ...answer.result.perfStats, start: started, end } }
          result.perfStats.runtime = end - started
          result.perfStats.slow = (end - started) / 1000 > test.context.config.slowTestThreshold
          await this.#events.emit("test-file-success", [test, result])
        } else {
          const error =
            answer.tikkieJest === "exit"
              ? new Error(`the unit test process ended (${answer.signal ?? `code ${answer.code}`}) in ${test.path}`)
              : Object.assign(new Error(answer.error.message), { stack: answer.error.stack })
          if (answer.tikkieJest === "exit") worker = null
          await this.#events.emit("test-file-failure", [test, error])
        }
        current = null
      }
    } finally {
      if (current) queue.unshift(current)
      // What a Medusa app throws as it is torn down after the last file is printed, not failed on.
      closing = true
      // Reaped before jest exits (its CPU counts in jest's rusage); disconnected, it exits and writes its caches.
      if (worker) {
        worker.removeAllListeners("exit")
        const exited = new Promise((resolve) => worker.once("exit", resolve))
        const kill = setTimeout(() => worker.kill("SIGKILL"), 30_000)
        if (worker.connected) worker.disconnect()
        else worker.kill("SIGKILL")
        await exited
        clearTimeout(kill)
      }
    }
  }
}

module.exports = SharedRunner
