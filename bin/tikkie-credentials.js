#!/usr/bin/env node
/**
 * `tikkie-credentials --base-url URL --api-key KEY`: sandbox app token and Fast Checkout merchant as
 * `.env` lines. Runs the built code (.medusa/server), or, in a checkout before any build, the
 * TypeScript source through @swc/core.
 */
const fs = require("node:fs")
const path = require("node:path")

const root = path.join(__dirname, "..")
const built = path.join(root, ".medusa/server/src/tikkie/credentials/cli.js")
const source = path.join(root, "src/tikkie/credentials/cli.ts")
let cli
if (fs.existsSync(source) && (process.env.TIKKIE_SANDBOX_FROM_SOURCE === "1" || !fs.existsSync(built))) {
  require("../scripts/register-ts")
  cli = require(source)
} else {
  cli = require(built)
}
cli.main().then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`tikkie-credentials: ${e && e.message ? e.message : String(e)}\n`)
    process.exit(1)
  }
)
