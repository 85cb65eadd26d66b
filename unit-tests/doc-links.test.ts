import { existsSync, readdirSync, readFileSync } from "node:fs"
import path from "node:path"

/**
 * Every relative link of the README, CONTRIBUTING.md and docs/ opens a file of this repository: the docs
 * moved between files (README → docs/, docs → docs/development/), and a link left behind is a dead end
 * for the shop developer who follows it.
 */
const ROOT = path.resolve(__dirname, "..")

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownFiles(path.join(dir, e.name)) : e.name.endsWith(".md") ? [path.join(dir, e.name)] : []
  )
}

const PACKAGE_READMES = ["tikkie-client", "tikkie-sandbox"].map((name) =>
  path.join(ROOT, "packages", name, "README.md")
)
const DOCS = [
  path.join(ROOT, "README.md"),
  path.join(ROOT, "CONTRIBUTING.md"),
  ...markdownFiles(path.join(ROOT, "docs")),
  ...PACKAGE_READMES,
]

/** What a package's user reads: the plugin's README (after its first lines for this repository) and docs/, the packages' READMEs. */
const USER_DOCS = [
  path.join(ROOT, "README.md"),
  ...markdownFiles(path.join(ROOT, "docs")).filter((f) => !f.includes(`${path.sep}development${path.sep}`)),
  ...PACKAGE_READMES,
]

describe("links between the documents", () => {
  it.each(DOCS.map((f) => path.relative(ROOT, f)))("%s links only to files that exist", (doc) => {
    const text = readFileSync(path.join(ROOT, doc), "utf8")
    const links = [...text.matchAll(/\]\(((?!https?:|mailto:|#)[^)#\s]+)(#[^)]*)?\)/g)].map((m) => m[1])
    const dead = links.filter((link) => !existsSync(path.resolve(path.dirname(path.join(ROOT, doc)), link)))
    expect(dead).toEqual([])
  })

  it.each(PACKAGE_READMES.map((f) => path.relative(ROOT, f)))(
    "%s links only inside its own package (it ships alone)",
    (doc) => {
      const text = readFileSync(path.join(ROOT, doc), "utf8")
      const links = [...text.matchAll(/\]\(((?!https?:|mailto:|#)[^)#\s]+)(#[^)]*)?\)/g)].map((m) => m[1])
      const outside = links.filter((link) =>
        path
          .relative(path.dirname(path.join(ROOT, doc)), path.resolve(path.dirname(path.join(ROOT, doc)), link))
          .startsWith("..")
      )
      expect(outside).toEqual([])
    }
  )

  it.each(USER_DOCS.map((f) => path.relative(ROOT, f)))(
    "%s does not speak of how this repository is developed (CONTRIBUTING.md does)",
    (doc) => {
      let text = readFileSync(path.join(ROOT, doc), "utf8")
      // The plugin README's first lines: the repository's two commands and the pointer to CONTRIBUTING.md.
      if (doc === "README.md") text = text.split("\n").slice(9).join("\n")
      const lines = text
        .split("\n")
        .filter((l) => /npm (run|test)\b|unit-tests|integration-tests|\bCI\b|this repository|jest\b|scripts\//.test(l))
      expect(lines).toEqual([])
    }
  )

  it("the README stays the shop's short guide: at most about 12 KB, the two commands first", () => {
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8")
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(12_500)
    expect(readme.split("\n").slice(3, 5).join("\n")).toMatch(
      /^npm install && npm run demo .*\nnpm install && npm test /
    )
  })
})
