#!/usr/bin/env node
/** `tikkie-sandbox [--port N] [--state-file F] …`: the sandbox server (src/cli.ts lists the flags). */
require("../dist/cli.js")
  .main()
  .catch((e) => {
    process.stderr.write(`tikkie-sandbox: ${e && e.message ? e.message : String(e)}\n`)
    process.exit(1)
  })
