#!/usr/bin/env node
/**
 * `tikkie-sandbox`: runs the built sandbox (.medusa/server), or, in a checkout before any build,
 * the TypeScript source through @swc/core.
 */
const fs = require("node:fs")
const path = require("node:path")

const root = path.join(__dirname, "..")
const built = path.join(root, ".medusa/server/src/tikkie/sandbox/cli.js")
const source = path.join(root, "src/tikkie/sandbox/cli.ts")
let cli
if (fs.existsSync(source) && (process.env.TIKKIE_SANDBOX_FROM_SOURCE === "1" || !fs.existsSync(built))) {
  require("../scripts/register-ts")
  cli = require(source)
} else {
  cli = require(built)
}
cli.main().catch((e) => {
  process.stderr.write(`tikkie-sandbox: ${e && e.message ? e.message : String(e)}\n`)
  process.exit(1)
})
