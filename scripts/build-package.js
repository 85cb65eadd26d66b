#!/usr/bin/env node
/**
 * `npm pack` / `npm publish` run this (`prepack`): the plugin build as it ships.
 *
 * 0. tikkie-client's dist (build-workspaces.js): the plugin's type-check and declarations read its types.
 * 1. `medusa plugin:build` (backend into .medusa/server/src, admin extensions bundled).
 * 2. Inline source maps removed: the plugin build always writes them (inlineSourceMap unless sourceMap),
 *    and they point at src/ files the package does not carry (they were almost half of its bytes).
 * 3. Type declarations of the public entry points (tsconfig.declarations.json): a declaration build of
 *    the whole project stops on TS2589 in Medusa's query types; the entry points do not need those.
 * 4. The storefront helper also as an ES module (`storefront/index.mjs`, bundle-storefront.js).
 */
const { spawnSync } = require("node:child_process")
const fs = require("node:fs")
const path = require("node:path")

const root = path.join(__dirname, "..")
const bin = (name) => path.join(root, "node_modules", ".bin", name)

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit" })
  if (r.status !== 0) {
    console.error(`build-package: ${path.basename(cmd)} ${args.join(" ")} failed (${r.status ?? r.signal})`)
    process.exit(1)
  }
}

/** Removes `//# sourceMappingURL=...` comments (inline data or files) from every .js/.mjs/.cjs under dir. */
function stripSourceMaps(dir) {
  let files = 0
  let bytes = 0
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) {
      const sub = stripSourceMaps(p)
      files += sub.files
      bytes += sub.bytes
    } else if (/\.(m|c)?js$/.test(e.name)) {
      const text = fs.readFileSync(p, "utf8")
      const stripped = text.replace(/\n?\/\/# sourceMappingURL=\S*\s*$/, "\n")
      if (stripped !== text) {
        fs.writeFileSync(p, stripped)
        files += 1
        bytes += text.length - stripped.length
      }
    } else if (e.name.endsWith(".map")) {
      fs.rmSync(p)
    }
  }
  return { files, bytes }
}

run(process.execPath, [path.join(root, "scripts/build-workspaces.js")])
run(bin("medusa"), ["plugin:build"])
const { files, bytes } = stripSourceMaps(path.join(root, ".medusa/server/src"))
console.log(`build-package: source maps removed from ${files} files (${Math.round(bytes / 1024)} kB)`)
run(process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.declarations.json"])
console.log("build-package: type declarations of the public entry points written")
require("./bundle-storefront")
  .bundleStorefront({
    entry: "src/storefront/index.ts",
    format: "esm",
    outfile: ".medusa/server/src/storefront/index.mjs",
  })
  .then(() => console.log("build-package: storefront helper written as an ES module"))
  .catch((e) => {
    console.error(`build-package: the storefront bundle failed: ${e.message}`)
    process.exit(1)
  })
