#!/usr/bin/env node
/**
 * Publishes the three packages as one release, in dependency order: tikkie-client, tikkie-sandbox (depends on
 * the client), then the plugin (depends on the client). Each `npm publish` runs the package's own `prepack`,
 * so what is published is built from the checkout, as `npm pack` would build it.
 *
 * The release workflow (.github/workflows/release.yml) runs it with --provenance; `npm run test:package`
 * runs it against its own registry (--registry) and with --dry-run against the public one, so CI goes
 * through the same steps a release does.
 *
 *   node scripts/publish.js [--registry URL] [--dry-run] [--provenance] [--anonymous]
 *
 * Before publishing it checks that the three carry one version and that the plugin and the sandbox depend
 * on exactly that tikkie-client: a shop installing the plugin then gets the client it was released with.
 * A version the registry already has is skipped (a re-run after a failed publish finishes the release).
 * --anonymous sends a placeholder token, for a local registry that allows anonymous publish.
 */
const { spawnSync } = require("node:child_process")
const fs = require("node:fs")
const path = require("node:path")

const ROOT = path.join(__dirname, "..")

/** Dependency order: a package comes after every package of this repository it depends on. */
const PACKAGES = [
  { name: "tikkie-client", dir: "packages/tikkie-client" },
  { name: "tikkie-sandbox", dir: "packages/tikkie-sandbox" },
  { name: "medusa-plugin-tikkie", dir: "." },
]

const manifest = (dir, root = ROOT) => JSON.parse(fs.readFileSync(path.join(root, dir, "package.json"), "utf8"))

/** The problems that would make the three (under `root`) a broken release (empty when they fit together). */
function releaseProblems(root = ROOT) {
  const problems = []
  const version = manifest(".", root).version
  for (const { name, dir } of PACKAGES) {
    const pkg = manifest(dir, root)
    if (pkg.name !== name) problems.push(`${dir}/package.json is named ${pkg.name}, not ${name}`)
    if (pkg.version !== version) problems.push(`${name} is at ${pkg.version}, the plugin at ${version}`)
    const dep = pkg.dependencies?.["tikkie-client"]
    if (name !== "tikkie-client" && dep !== version)
      problems.push(`${name} depends on tikkie-client ${dep}, not on the released ${version}`)
    for (const field of ["repository", "homepage", "bugs", "engines", "license"])
      if (!pkg[field]) problems.push(`${name}'s package.json has no ${field}`)
    if (pkg.repository && pkg.repository.directory !== (dir === "." ? undefined : dir))
      problems.push(`${name}'s repository.directory is ${pkg.repository.directory}, not ${dir}`)
  }
  return problems
}

function parseArgs(argv) {
  const opts = { registry: undefined, dryRun: false, provenance: false, anonymous: false }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a === "--registry") opts.registry = argv[++i]
    else if (a === "--dry-run") opts.dryRun = true
    else if (a === "--provenance") opts.provenance = true
    else if (a === "--anonymous") opts.anonymous = true
    else throw new Error(`unknown argument ${a}`)
  }
  return opts
}

/** The `npm publish` arguments for one package (also shown in the log, so a reader sees what ran). */
function publishArgs({ dir }, opts) {
  const args = ["publish", ...(dir === "." ? [] : ["-w", dir]), "--access", "public"]
  if (opts.registry) args.push("--registry", opts.registry)
  if (opts.provenance) args.push("--provenance")
  if (opts.dryRun) args.push("--dry-run")
  return args
}

function publishAll(opts, { stdio = "inherit" } = {}) {
  const problems = releaseProblems()
  if (problems.length) throw new Error(`not a releasable set:\n- ${problems.join("\n- ")}`)
  const auth = []
  if (opts.anonymous && opts.registry) {
    const host = opts.registry.replace(/^https?:/, "").replace(/\/?$/, "/")
    auth.push(`--${host}:_authToken=anonymous`)
  }
  const published = []
  for (const pkg of PACKAGES) {
    const { version } = manifest(pkg.dir)
    if (!opts.dryRun) {
      const seen = spawnSync(
        "npm",
        ["view", `${pkg.name}@${version}`, "version", ...(opts.registry ? ["--registry", opts.registry] : [])],
        { cwd: ROOT, encoding: "utf8" }
      )
      if (seen.status === 0 && seen.stdout.trim() === version) {
        console.log(`${pkg.name}@${version} is already published: skipped`)
        continue
      }
    }
    const args = publishArgs(pkg, opts)
    console.log(`$ npm ${args.join(" ")}`)
    const r = spawnSync("npm", [...args, ...auth, "--no-audit", "--no-fund"], {
      cwd: ROOT,
      stdio: stdio === "inherit" ? "inherit" : "pipe",
      encoding: "utf8",
    })
    if (r.status !== 0)
      throw new Error(
        `npm ${args.join(" ")} failed (${r.status ?? r.signal})\n${`${r.stdout ?? ""}${r.stderr ?? ""}`.slice(-4000)}`
      )
    // changesets/action tags and makes a GitHub release for each "New tag:" line of the publish step.
    if (!opts.dryRun) console.log(`New tag: ${pkg.name}@${version}`)
    published.push({
      name: pkg.name,
      version,
      command: `npm ${args.join(" ")}`,
      output: `${r.stdout ?? ""}${r.stderr ?? ""}`,
    })
  }
  return published
}

module.exports = { PACKAGES, releaseProblems, publishAll, publishArgs }

if (require.main === module) {
  try {
    publishAll(parseArgs(process.argv.slice(2)))
  } catch (e) {
    console.error(e.message)
    process.exit(1)
  }
}
