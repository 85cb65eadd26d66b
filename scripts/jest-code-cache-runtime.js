/**
 * jest's runtime with V8's code cache kept between runs (node_modules/.cache/tikkie-jest-v8, keyed by
 * Node's version and the code): jest compiles every module, Medusa's thousands, again in every process.
 */
const path = require("node:path")
const vm = require("node:vm")
const Runtime = require("jest-runtime").default
const compileCache = require("./node-compile-cache")

const DYNAMIC_IMPORT = /\bimport\s*\(/
const CACHE_DIR = path.join(__dirname, "..", "node_modules", ".cache", "tikkie-jest-v8")
/** Compiled without a cache: written at exit, with the functions compiled since. */
const pending = new Map()
/** Caches made from a pending script when a later test file of this process (the unit project's) loads its code. */
const made = new Map()

const cacheFile = (source) => compileCache.cacheFile(CACHE_DIR, source)

process.on("exit", () => {
  for (const [file, script] of pending) compileCache.write(file, script.createCachedData())
})

class CodeCacheRuntime extends Runtime {
  createScriptFromCode(scriptSource, filename) {
    // Node 20 loses a cached script's import() callback ("A dynamic import callback was not specified").
    if (DYNAMIC_IMPORT.test(scriptSource)) return super.createScriptFromCode(scriptSource, filename)
    const source = this.wrapCodeInModuleWrapper(scriptSource)
    const file = cacheFile(source)
    const first = pending.get(file)
    if (first && !made.has(file)) made.set(file, first.createCachedData())
    const cachedData = first ? made.get(file) : compileCache.read(file)
    const scriptFilename = this._resolver.isCoreModule(filename) ? `jest-nodejs-core-${filename}` : filename
    let script
    try {
      script = new vm.Script(source, {
        columnOffset: this._fileTransforms.get(filename)?.wrapperLength,
        displayErrors: true,
        filename: scriptFilename,
        cachedData,
        importModuleDynamically: async (specifier) => {
          const context = this._environment.getVmContext?.()
          if (!context) throw new Error("Test environment has been torn down")
          return this.linkAndEvaluateModule(await this.resolveModule(specifier, scriptFilename, context))
        },
      })
    } catch {
      // A syntax error: reported as jest does.
      return super.createScriptFromCode(scriptSource, filename)
    }
    if ((!cachedData || script.cachedDataRejected) && !first) pending.set(file, script)
    return script
  }
}

module.exports = CodeCacheRuntime
