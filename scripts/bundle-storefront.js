/**
 * Bundles browser code with esbuild (`platform: "browser"`: an import of a Node built-in fails the build,
 * which is what keeps `medusa-plugin-tikkie/storefront` browser-safe).
 *
 * - `npm pack` (build-package.js): src/storefront as an ES module next to the CommonJS the plugin build
 *   writes, so a storefront's bundler can take either (package.json `exports["./storefront"]`).
 * - The demo storefront (demo/storefront/server.ts): demo/storefront/client.ts, which puts
 *   `@medusajs/js-sdk` and the storefront helpers on `window.TikkieDemo` for its plain-JS pages.
 */
const path = require("node:path")

const root = path.join(__dirname, "..")

/** @param {{ entry: string, format: "esm" | "iife", outfile?: string }} opts relative to the repository */
async function bundleStorefront({ entry, format, outfile }) {
  const esbuild = require("esbuild")
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    format,
    platform: "browser",
    target: "es2020",
    write: Boolean(outfile),
    ...(outfile ? { outfile } : {}),
    logLevel: "silent",
    legalComments: "none",
  })
  return outfile ? undefined : result.outputFiles[0].text
}

module.exports = { bundleStorefront }
