#!/usr/bin/env node
// Usage: node scripts/run-ts.js file.ts [args...]
const path = require("node:path")
// The workspace packages' dist, which the Medusa processes these scripts start load (build-workspaces.js).
const built = require("node:child_process").spawnSync(process.execPath, [path.join(__dirname, "build-workspaces.js")], {
  stdio: "inherit",
})
if (built.status !== 0) process.exit(1)
require("./register-ts")
const file = path.resolve(process.argv[2])
process.argv.splice(1, 2, file)
require(file)
