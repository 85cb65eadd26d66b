// A plain-JS script shared with the package build (scripts/build-package.js).
const { bundleStorefront } = require("../../scripts/bundle-storefront") as {
  bundleStorefront(opts: { entry: string; format: "esm" | "iife" }): Promise<string | undefined>
}

/**
 * `medusa-plugin-tikkie/storefront` goes into shops' browser bundles: esbuild for the browser builds it
 * (an import of a Node built-in or of the server would fail here or in the dependency test), and the
 * bundle carries none of the server.
 */
describe("the storefront helper bundles for the browser", () => {
  it("builds as an ES module exporting the helpers, with no require and no server code", async () => {
    const code = (await bundleStorefront({ entry: "src/storefront/index.ts", format: "esm" }))!
    expect(code).toMatch(/export \{[^}]*startTikkieFastCheckout[^}]*\}/s)
    for (const name of ["startTikkiePaymentLink", "readTikkieReturn", "tikkieReturnMessage", "tikkieReturnRouteUrl"])
      expect(code).toContain(name)
    expect(code).not.toMatch(/\brequire\(|@medusajs|node:/)
    expect(code.length).toBeLessThan(12_000)
  })

  it("fails to build when browser code imports a Node built-in (the check can fail)", async () => {
    const fs = await import("node:fs")
    const path = await import("node:path")
    const file = path.join(__dirname, "..", "..", "src", "storefront", `__probe-${process.pid}.ts`)
    fs.writeFileSync(file, 'import { readFileSync } from "node:fs"\nexport const x = readFileSync\n')
    try {
      await expect(
        bundleStorefront({ entry: path.relative(path.join(__dirname, "..", ".."), file), format: "esm" })
      ).rejects.toThrow(/node:fs/)
    } finally {
      fs.rmSync(file)
    }
  })
})
