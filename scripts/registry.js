/**
 * A real npm registry on this machine for the package and storefront tests: Verdaccio, installed at test time
 * into a folder of its own (never a dependency of the plugin), listening on 127.0.0.1 with its storage in the
 * test's temporary folder.
 *
 * The three packages of this repository are published to it (anonymous publish is allowed for those three
 * names only, and they are never looked up upstream); every other name is proxied to the public npm registry,
 * so `npm install medusa-plugin-tikkie` against it resolves the plugin's dependencies as a shop's install does.
 *
 * Verdaccio 6.8.0 is the last that runs on Node 20 (6.10 needs Node 22); its `node-fetch` is overridden to
 * 2.7.0, as 6.8.0 needs on Node 20.
 */
const { spawn, spawnSync } = require("node:child_process")
const fs = require("node:fs")
const os = require("node:os")
const path = require("node:path")
const { freePort } = require("./embedded-db")

const VERDACCIO = "6.8.0"
const NODE_FETCH = "2.7.0"
const OUR_PACKAGES = ["tikkie-client", "tikkie-sandbox", "medusa-plugin-tikkie"]
const UPSTREAM = "https://registry.npmjs.org/"

/** Installs Verdaccio once per machine (kept in the OS temp folder; a fresh CI machine installs it once). */
function installVerdaccio(log) {
  const dir = process.env.TIKKIE_VERDACCIO_DIR ?? path.join(os.tmpdir(), `tikkie-verdaccio-${VERDACCIO}`)
  const bin = path.join(dir, "node_modules/verdaccio/bin/verdaccio")
  const installed = path.join(dir, "node_modules/verdaccio/package.json")
  if (fs.existsSync(bin) && JSON.parse(fs.readFileSync(installed, "utf8")).version === VERDACCIO) return bin
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify(
      {
        name: "tikkie-test-registry",
        private: true,
        description: "Verdaccio for the package tests of medusa-plugin-tikkie (scripts/registry.js)",
        dependencies: { verdaccio: VERDACCIO },
        overrides: { "node-fetch": NODE_FETCH },
      },
      null,
      2
    )
  )
  log?.(`installing verdaccio@${VERDACCIO} (node-fetch ${NODE_FETCH}) into ${dir}`)
  const r = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: dir,
    encoding: "utf8",
    // The install must come from the public registry, whatever registry the caller points npm at.
    env: { ...process.env, npm_config_registry: UPSTREAM },
  })
  if (r.status !== 0) throw new Error(`npm install verdaccio@${VERDACCIO} failed:\n${r.stdout}${r.stderr}`)
  return bin
}

function config(storage, htpasswd) {
  const ours = OUR_PACKAGES.map(
    (name) => `  '${name}':\n    access: $all\n    publish: $anonymous\n    unpublish: $anonymous\n`
  ).join("")
  return [
    `storage: ${JSON.stringify(storage)}`,
    "auth:",
    "  htpasswd:",
    `    file: ${JSON.stringify(htpasswd)}`,
    "    max_users: -1",
    "uplinks:",
    "  npmjs:",
    `    url: ${UPSTREAM}`,
    "    timeout: 60s",
    "    max_fails: 5",
    "packages:",
    ours.trimEnd(),
    "  '@*/*':",
    "    access: $all",
    "    proxy: npmjs",
    "  '**':",
    "    access: $all",
    "    proxy: npmjs",
    "publish:",
    "  allow_offline: true",
    "log: { type: stdout, format: pretty, level: warn }",
    "",
  ].join("\n")
}

/**
 * Starts a registry; resolves with its URL (ending in "/") and stop(). Its storage and log are under `dir`.
 */
async function startRegistry(dir, { log } = {}) {
  const bin = installVerdaccio(log)
  fs.mkdirSync(dir, { recursive: true })
  const storage = path.join(dir, "storage")
  const configFile = path.join(dir, "config.yaml")
  fs.writeFileSync(configFile, config(storage, path.join(dir, "htpasswd")))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}/`
  const logFile = path.join(dir, "verdaccio.log")
  const out = fs.openSync(logFile, "a")
  const child = spawn(process.execPath, [bin, "--config", configFile, "--listen", `127.0.0.1:${port}`], {
    cwd: dir,
    stdio: ["ignore", out, out],
    detached: true,
  })
  fs.closeSync(out)
  let exited = false
  child.once("exit", () => (exited = true))
  const stop = () => {
    try {
      process.kill(-child.pid, "SIGTERM")
    } catch {}
  }
  const until = Date.now() + 60_000
  for (;;) {
    const ok = await fetch(`${url}-/ping`).then(
      (r) => r.ok,
      () => false
    )
    if (ok) break
    if (exited || Date.now() > until) {
      stop()
      throw new Error(`verdaccio did not answer on ${url}:\n${fs.readFileSync(logFile, "utf8").slice(-3000)}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  log?.(`registry: verdaccio ${VERDACCIO} on ${url} (storage ${storage})`)
  return { url, stop, version: VERDACCIO, logFile }
}

module.exports = { startRegistry, OUR_PACKAGES, VERDACCIO }
