#!/usr/bin/env node
/**
 * `tikkie-credentials --base-url URL --api-key KEY`: a sandbox app token and Fast Checkout merchant as
 * `.env` lines (src/credentials/cli.ts says how).
 */
require("../dist/credentials/cli.js")
  .main()
  .then(
    (code) => process.exit(code),
    (e) => {
      process.stderr.write(`tikkie-credentials: ${e && e.message ? e.message : String(e)}\n`)
      process.exit(1)
    }
  )
