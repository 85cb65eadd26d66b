/**
 * jest's runtime with V8's code cache (jest.config.js `runtime`). jest compiles every module it loads
 * again in every test process, Medusa's thousands included, and keeps no compiled code between runs.
 * This keeps V8's cache of each compiled module in node_modules/.cache/tikkie-jest-v8, keyed by the
 * module's code, so a later run skips the parsing. A cache that V8 refuses (another Node) is compiled
 * as before and written again; a fresh clone runs without it the first time.
 */
const crypto = require("node:crypto")
const fs = require("node:fs")
const path = require("node:path")
const vm = require("node:vm")
const Runtime = require("jest-runtime").default

const CACHE_DIR = path.join(__dirname, "..", "node_modules", ".cache", "tikkie-jest-v8")
/** Scripts compiled without a usable cache: written when the process ends, with what it compiled since. */
const pending = new Map()

function cacheFile(source) {
  const key = crypto.createHash("sha1").update(process.version).update(source).digest("hex")
  return path.join(CACHE_DIR, key.slice(0, 2), key)
}

function readCache(file) {
  try {
    return fs.readFileSync(file)
  } catch {
    return undefined
  }
}

process.on("exit", () => {
  for (const [file, script] of pending) {
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true })
      // Written under another name first: another test process may read the same file meanwhile.
      const tmp = `${file}.${process.pid}`
      fs.writeFileSync(tmp, script.createCachedData())
      fs.renameSync(tmp, file)
    } catch {
      // only a cache
    }
  }
})

class CodeCacheRuntime extends Runtime {
  createScriptFromCode(scriptSource, filename) {
    const source = this.wrapCodeInModuleWrapper(scriptSource)
    const file = cacheFile(source)
    const cachedData = pending.has(file) ? undefined : readCache(file)
    const scriptFilename = this._resolver.isCoreModule(filename) ? `jest-nodejs-core-${filename}` : filename
    let script
    try {
      script = new vm.Script(source, {
        columnOffset: this._fileTransforms.get(filename)?.wrapperLength,
        displayErrors: true,
        filename: scriptFilename,
        cachedData,
        // Dynamic import(), as jest's own createScriptFromCode does it.
        importModuleDynamically: async (specifier) => {
          const context = this._environment.getVmContext?.()
          if (!context) throw new Error("Test environment has been torn down")
          return this.linkAndEvaluateModule(await this.resolveModule(specifier, scriptFilename, context))
        },
      })
    } catch {
      // A syntax error: jest's own path reports it as jest does.
      return super.createScriptFromCode(scriptSource, filename)
    }
    if (!cachedData || script.cachedDataRejected) pending.set(file, script)
    return script
  }
}

module.exports = CodeCacheRuntime
