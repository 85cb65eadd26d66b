#!/usr/bin/env node
/**
 * Builds the workspace packages the plugin depends on: tikkie-client, then tikkie-sandbox (CommonJS and
 * declarations in each package's dist/, through `tsc -b`, which skips a package whose dist is up to date
 * with its src), and tikkie-client's three browser-safe modules as ES modules (dist/browser).
 *
 * `npm install` runs it (`prepare`), and so do `npm test`, `npm run build` and every `scripts/run-ts.js`
 * script, so a Medusa process of this repository (the demo, the cluster harness, the browser tests) never
 * loads a dist older than the source: those processes load tikkie-client through node_modules as a shop's
 * store does, while jest maps the packages to their src (jest.config.js).
 *
 * Usage: node scripts/build-workspaces.js [tikkie-client|tikkie-sandbox]   (default: both)
 */
const { spawnSync } = require("node:child_process")
const fs = require("node:fs")
const path = require("node:path")

const root = path.join(__dirname, "..")
const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc")

function run(args) {
  const r = spawnSync(process.execPath, [tsc, ...args], { cwd: root, stdio: "inherit" })
  if (r.status !== 0) {
    console.error(`build-workspaces: tsc ${args.join(" ")} failed (${r.status ?? r.signal})`)
    process.exit(1)
  }
}

/**
 * `tsc -b` trusts its build info: with a file of dist deleted and the build info left, it would call the
 * package up to date. So when a source file has no output, the build info goes and the package is rebuilt.
 */
function forgetBuildInfoWhenOutputIsMissing(config) {
  const pkg = path.dirname(path.join(root, config))
  const missing = (dir) =>
    fs.readdirSync(dir, { withFileTypes: true }).some((e) => {
      const p = path.join(dir, e.name)
      if (e.isDirectory()) return missing(p)
      if (!e.name.endsWith(".ts") || e.name.endsWith(".d.ts")) return false
      return !fs.existsSync(path.join(pkg, "dist", path.relative(path.join(pkg, "src"), p)).replace(/\.ts$/, ".js"))
    })
  if (missing(path.join(pkg, "src"))) fs.rmSync(path.join(pkg, "dist", "tsconfig.tsbuildinfo"), { force: true })
}

function buildBrowserModules() {
  const pkg = path.join(root, "packages/tikkie-client")
  const config = JSON.parse(fs.readFileSync(path.join(pkg, "tsconfig.browser.json"), "utf8"))
  const sources = config.files.map((f) => path.join(pkg, f))
  const outputs = config.files.map((f) =>
    path.join(pkg, "dist/browser", f.replace(/^src\//, "").replace(/\.ts$/, ".js"))
  )
  const stale = outputs.some((o, i) => !fs.existsSync(o) || fs.statSync(o).mtimeMs < fs.statSync(sources[i]).mtimeMs)
  if (stale) run(["-p", path.join(pkg, "tsconfig.browser.json")])
}

const wanted = process.argv[2]
const projects = {
  "tikkie-client": "packages/tikkie-client/tsconfig.build.json",
  "tikkie-sandbox": "packages/tikkie-sandbox/tsconfig.build.json",
}
if (wanted && !projects[wanted]) {
  console.error(`build-workspaces: unknown package ${wanted} (${Object.keys(projects).join(", ")})`)
  process.exit(2)
}
// tsc -b follows the sandbox's reference to the client, so building the sandbox builds both.
for (const config of Object.values(projects)) forgetBuildInfoWhenOutputIsMissing(config)
run(["-b", ...(wanted ? [projects[wanted]] : Object.values(projects))])
if (!wanted || wanted === "tikkie-client") buildBrowserModules()
