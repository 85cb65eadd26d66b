#!/usr/bin/env node
// Usage: node scripts/run-ts.js file.ts [args...]
const path = require("node:path")
require("./register-ts")
const file = path.resolve(process.argv[2])
process.argv.splice(1, 2, file)
require(file)
