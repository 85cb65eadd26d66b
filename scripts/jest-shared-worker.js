/**
 * The child of scripts/jest-shared-runner.js: runs the test files it is sent (one project's), one at a time, in
 * this process with Node's own require (TypeScript through @swc/core with the project's jest options, and the
 * project's moduleNameMapper), so a module loaded by one file is there for the next. The test framework is
 * jest's own: jest-circus (loaded afresh per file), expect, jest-mock and the modern fake timers.
 */
const fs = require("node:fs")
const Module = require("node:module")
const path = require("node:path")
const compileCache = require("./node-compile-cache")

/** Shared with scripts/jest-code-cache-runtime.js (TIKKIE_JEST_CODE_CACHE=off: neither). */
const CACHE =
  process.env.TIKKIE_JEST_CODE_CACHE === "off"
    ? null
    : path.join(__dirname, "..", "node_modules", ".cache", "tikkie-jest-v8")
if (CACHE) compileCache.install(CACHE)

const swc = require("@swc/core")
const { ModuleMocker } = require("jest-mock")
const { ModernFakeTimers } = require("@jest/fake-timers")

const CIRCUS = path.dirname(require.resolve("jest-circus"))
const TIMEOUT = Symbol.for("TEST_TIMEOUT_SYMBOL")
const RETRY = [Symbol.for("RETRY_TIMES"), Symbol.for("LOG_ERRORS_BEFORE_RETRY")]

let globalConfig
let config
const sourceMaps = new Map()

function install() {
  const swcJest = config.transform.find(([, transformer]) => transformer.includes(`${path.sep}@swc${path.sep}jest`))
  const jsc = swcJest?.[2]?.jsc ?? { parser: { syntax: "typescript", decorators: true }, target: "es2022" }
  for (const ext of [".ts", ".tsx"]) {
    Module._extensions[ext] = function (module, filename) {
      const source = fs.readFileSync(filename, "utf8")
      const options = {
        filename,
        sourceMaps: true,
        module: { type: "commonjs" },
        jsc: { ...jsc, parser: { ...jsc.parser, tsx: filename.endsWith(".tsx") } },
      }
      const make = () => swc.transformSync(source, options)
      const key = `${swc.version}\0${JSON.stringify(options)}\0${source}`
      const { code, map } = CACHE ? compileCache.cached(CACHE, key, make) : make()
      sourceMaps.set(filename, map)
      module._compile(code, filename)
    }
  }
  // jest's moduleNameMapper: the regex's groups fill $1… of the mapped path.
  const mapper = config.moduleNameMapper.map(([re, to]) => [new RegExp(re), to])
  const resolve = Module._resolveFilename
  Module._resolveFilename = function (request, ...rest) {
    for (const [re, to] of mapper) {
      const m = request.match(re)
      if (m)
        return resolve.call(
          this,
          to.replace(/\$(\d+)/g, (_, i) => m[Number(i)]),
          ...rest
        )
    }
    return resolve.call(this, request, ...rest)
  }
  // Stack traces point into the TypeScript; other files' maps are not looked for (thousands in node_modules).
  require("source-map-support").install({
    environment: "node",
    handleUncaughtExceptions: false,
    overrideRetrieveSourceMap: true,
    retrieveSourceMap: (file) => (sourceMaps.has(file) ? { url: file, map: sourceMaps.get(file) } : null),
  })
}

/** `jest` as a test file sees it: everything but the module registry (those files run on jest's runner). */
function jestObject(mocker, timers) {
  const jest = {
    fn: mocker.fn.bind(mocker),
    spyOn: mocker.spyOn.bind(mocker),
    replaceProperty: mocker.replaceProperty.bind(mocker),
    mocked: (x) => x,
    isMockFunction: mocker.isMockFunction.bind(mocker),
    clearAllMocks: () => (mocker.clearAllMocks(), jest),
    resetAllMocks: () => (mocker.resetAllMocks(), jest),
    restoreAllMocks: () => (mocker.restoreAllMocks(), jest),
    useFakeTimers: (options) => (timers.useFakeTimers({ ...config.fakeTimers, ...options }), jest),
    useRealTimers: () => (timers.useRealTimers(), jest),
    setTimeout: (ms) => ((globalThis[TIMEOUT] = ms), jest),
    retryTimes: (n, options) => {
      globalThis[RETRY[0]] = n
      globalThis[RETRY[1]] = options?.logErrorsBeforeRetry
      return jest
    },
    getSeed: () => globalConfig.seed,
    isEnvironmentTornDown: () => false,
  }
  for (const name of [
    "advanceTimersByTime",
    "advanceTimersByTimeAsync",
    "advanceTimersToNextTimer",
    "advanceTimersToNextTimerAsync",
    "clearAllTimers",
    "getRealSystemTime",
    "getTimerCount",
    "now",
    "runAllTicks",
    "runAllTimers",
    "runAllTimersAsync",
    "runOnlyPendingTimers",
    "runOnlyPendingTimersAsync",
    "setSystemTime",
  ])
    jest[name] = timers[name].bind(timers)
  return jest
}

function restoreEnv(env, saved) {
  if (process.env !== env) process.env = env
  for (const key of Object.keys(env)) if (!(key in saved)) delete env[key]
  Object.assign(env, saved)
}

/** A result that crosses the IPC channel as JSON: failureDetails reduced to message and stack. */
function plain(result) {
  for (const t of result.testResults)
    t.failureDetails = (t.failureDetails ?? []).map((e) => ({ message: String(e?.message ?? e), stack: e?.stack }))
  return JSON.parse(JSON.stringify(result))
}

async function run(testPath) {
  for (const file of Object.keys(require.cache)) if (file.startsWith(CIRCUS + path.sep)) delete require.cache[file]
  const { initialize, runAndTransformResultsToJestFormat } = require(
    path.join(CIRCUS, "legacy-code-todo-rewrite", "jestAdapterInit.js")
  )
  const mocker = new ModuleMocker(globalThis)
  const timers = new ModernFakeTimers({ config, global: globalThis })
  const env = process.env
  const savedEnv = { ...env }
  delete globalThis[TIMEOUT]
  for (const s of RETRY) delete globalThis[s]
  const { snapshotState } = await initialize({
    config,
    environment: { global: globalThis },
    globalConfig,
    localRequire: require,
    parentProcess: process,
    sendMessageToJest: undefined,
    setGlobalsForRuntime: () => {},
    testPath,
  })
  globalThis.jest = jestObject(mocker, timers)
  try {
    try {
      for (const file of config.setupFiles) {
        delete require.cache[file]
        require(file)
      }
      require(testPath)
    } catch (error) {
      await require(path.join(CIRCUS, "state.js")).dispatch({ name: "teardown" })
      throw error
    }
    const result = await runAndTransformResultsToJestFormat({ config, globalConfig, testPath })
    result.testResults.forEach(({ fullName, status }) => {
      if (status === "pending" || status === "failed") snapshotState.markSnapshotsAsCheckedForTest(fullName)
    })
    const unchecked = snapshotState.getUncheckedCount()
    if (unchecked) snapshotState.removeUncheckedKeys()
    const saved = snapshotState.save()
    Object.assign(result.snapshot, {
      fileDeleted: saved.deleted,
      added: snapshotState.added,
      matched: snapshotState.matched,
      unmatched: snapshotState.unmatched,
      updated: snapshotState.updated,
      unchecked: saved.deleted ? 0 : unchecked,
    })
    return result
  } finally {
    timers.dispose()
    mocker.restoreAllMocks()
    restoreEnv(env, savedEnv)
  }
}

// Between files no circus handler is installed: such an error is reported, and fails the run.
for (const event of ["uncaughtException", "unhandledRejection"])
  process.on(event, (error) => {
    const message = `${event}: ${error?.stack ?? error}`
    console.error(message)
    process.send({ tikkieJest: "stray", message })
  })

process.on("message", async (m) => {
  if (m?.tikkieJest === "init") {
    globalConfig = m.globalConfig
    config = m.config
    install()
    return
  }
  if (m?.tikkieJest !== "run") return
  try {
    process.send({ tikkieJest: "result", result: plain(await run(m.path)) })
  } catch (error) {
    process.send({ tikkieJest: "error", error: { message: String(error?.message ?? error), stack: error?.stack } })
  }
})
process.on("disconnect", () => process.exit(0))
