import { execFileSync } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import * as storefront from "../../src/storefront"
import { GUIDE, guideBlocks, missingAdditions, NEXTJS_APP } from "../../e2e/storefront-guide"

/**
 * docs/storefront-nextjs.md against the Next.js test app that `npm run test:nextjs` builds and drives:
 * what can be checked without building it.
 */
describe("the Next.js storefront guide", () => {
  const blocks = guideBlocks()

  it("has the six new files and the additions to three starter files the guide's opening counts, and the express button's one component and two starter files", () => {
    expect(blocks.filter((b) => b.kind === "file")).toHaveLength(7)
    expect(new Set(blocks.filter((b) => b.kind === "in").map((b) => b.path)).size).toBe(5)
    expect(fs.readFileSync(GUIDE, "utf8")).toMatch(
      /\*\*six new files\*\*[\s\S]*\*\*three\s+small changes\*\*[\s\S]*\*\*one new component\*\*/
    )
  })

  it("its additions to starter files stand in the test app's copies of them", () => {
    expect(missingAdditions()).toEqual([])
  })

  it("its new files are not committed in the test app (the guide is their only source)", () => {
    for (const b of blocks.filter((x) => x.kind === "file")) {
      const ignored = (() => {
        try {
          execFileSync("git", ["check-ignore", "-q", "--no-index", path.join(NEXTJS_APP, b.path)], { cwd: NEXTJS_APP })
          return true
        } catch {
          return false
        }
      })()
      expect([b.path, ignored]).toEqual([b.path, true])
    }
  })

  it("names only helpers the package exports", () => {
    const named = [...fs.readFileSync(GUIDE, "utf8").matchAll(/^\| `(\w+)\(/gm)].map((m) => m[1])
    expect(named.length).toBeGreaterThanOrEqual(8)
    for (const name of named)
      expect([name, typeof (storefront as Record<string, unknown>)[name]]).toEqual([name, "function"])
  })
})
