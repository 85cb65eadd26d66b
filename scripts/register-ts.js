/**
 * Lets plain `node` run this repository's TypeScript (demo, bench, the sandbox before a build) by
 * compiling each .ts file with @swc/core as it is required. Development only: the published package
 * runs the compiled .medusa/server output.
 */
const fs = require("node:fs")
const Module = require("node:module")
const { transformSync } = require("@swc/core")

const compile = (code, filename) =>
  transformSync(code, {
    filename,
    sourceMaps: "inline",
    module: { type: "commonjs" },
    jsc: { parser: { syntax: "typescript", decorators: true, tsx: filename.endsWith(".tsx") }, target: "es2022" },
  }).code

for (const ext of [".ts", ".tsx"]) {
  Module._extensions[ext] = function (module, filename) {
    module._compile(compile(fs.readFileSync(filename, "utf8"), filename), filename)
  }
}
