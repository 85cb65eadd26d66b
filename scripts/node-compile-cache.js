// V8's code cache of each CommonJS module on disk (Node 20 has no compile cache of its own), keyed by Node's
// version and the wrapped source, as scripts/jest-code-cache-runtime.js does inside jest.
const crypto = require("node:crypto")
const fs = require("node:fs")
const Module = require("node:module")
const path = require("node:path")
const vm = require("node:vm")

const DYNAMIC_IMPORT = /\bimport\s*\(/

function cacheFile(dir, text) {
  const key = crypto.createHash("sha1").update(process.version).update(text).digest("hex")
  return path.join(dir, key.slice(0, 2), key)
}

function read(file) {
  try {
    return fs.readFileSync(file)
  } catch {
    return undefined
  }
}

function write(file, data) {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true })
    const tmp = `${file}.${process.pid}`
    fs.writeFileSync(tmp, data)
    fs.renameSync(tmp, file)
  } catch {}
}

function makeRequire(mod) {
  // as Node builds it (lib/internal/modules/helpers.js makeRequireFunction)
  const require = (id) => mod.require(id)
  require.resolve = (request, options) => Module._resolveFilename(request, mod, false, options)
  require.resolve.paths = (request) => Module._resolveLookupPaths(request, mod)
  require.main = process.mainModule
  require.extensions = Module._extensions
  require.cache = Module._cache
  return require
}

function install(dir) {
  const pending = new Map()
  const made = new Map()
  process.on("exit", () => {
    for (const [file, script] of pending) write(file, script.createCachedData())
  })
  const compile = Module.prototype._compile
  Module.prototype._compile = function (content, filename, format) {
    // Node 20 loses a cached script's import() callback ("A dynamic import callback was not specified").
    if (format === "module" || DYNAMIC_IMPORT.test(content)) return compile.call(this, content, filename, format)
    const wrapped = Module.wrap(content)
    const file = cacheFile(dir, wrapped)
    // Compiled before in this process (jest-circus, loaded afresh per test file): that script's cache.
    const first = pending.get(file)
    if (first && !made.has(file)) made.set(file, first.createCachedData())
    const cachedData = first ? made.get(file) : read(file)
    let script
    try {
      script = new vm.Script(wrapped, {
        filename,
        cachedData,
        importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
      })
    } catch {
      // ESM syntax, a hashbang: Node's own path
      return compile.call(this, content, filename, format)
    }
    if ((!cachedData || script.cachedDataRejected) && !first) pending.set(file, script)
    const fn = script.runInThisContext({ displayErrors: true })
    return fn.call(this.exports, this.exports, makeRequire(this), this, filename, path.dirname(filename))
  }
}

/** A cached transform (TypeScript to CommonJS): `make()` runs only when nothing is stored for `key`. */
function cached(dir, key, make) {
  const file = cacheFile(dir, key)
  const stored = read(file)
  if (stored) {
    try {
      return JSON.parse(stored.toString("utf8"))
    } catch {}
  }
  const made = make()
  write(file, JSON.stringify(made))
  return made
}

module.exports = { install, cached, cacheFile, read, write }
