import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"

/**
 * The three packages are released together (CONTRIBUTING.md, "Releasing"): one version, the plugin's and
 * the sandbox's dependency on exactly that tikkie-client, and what npm shows a shop (repository, homepage,
 * bugs, engines, a changelog). scripts/publish.js refuses to publish a set that breaks this; these tests
 * hold the repository to it between releases, and the package test publishes it.
 */
const ROOT = path.resolve(__dirname, "..")
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PACKAGES, releaseProblems } = require("../scripts/publish.js") as {
  PACKAGES: Array<{ name: string; dir: string }>
  releaseProblems(root?: string): string[]
}

type Manifest = {
  name: string
  version: string
  dependencies?: Record<string, string>
  repository?: { directory?: string }
  workspaces?: string[]
}
const manifest = (dir: string, root = ROOT): Manifest =>
  JSON.parse(readFileSync(path.join(root, dir, "package.json"), "utf8"))

/** A copy of the three package.json files, changed by `edit`, in a temporary folder. */
function copyWith(edit: (manifests: Record<string, Manifest>) => void): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "tikkie-release-"))
  const manifests = Object.fromEntries(PACKAGES.map((p) => [p.name, manifest(p.dir)]))
  edit(manifests)
  for (const p of PACKAGES) {
    mkdirSync(path.join(dir, p.dir), { recursive: true })
    writeFileSync(path.join(dir, p.dir, "package.json"), JSON.stringify(manifests[p.name], null, 2))
  }
  return dir
}

describe("one release for the three packages", () => {
  it("the three carry one version, the dependency on that tikkie-client, repository, homepage, bugs and engines", () => {
    expect(releaseProblems()).toEqual([])
  })

  it("a plugin depending on another tikkie-client, or a package without its repository, is refused", () => {
    const dir = copyWith((m) => {
      m["medusa-plugin-tikkie"].dependencies!["tikkie-client"] = "0.0.9"
      delete m["tikkie-sandbox"].repository
      m["tikkie-client"].repository!.directory = "packages"
    })
    try {
      expect(releaseProblems(dir)).toEqual([
        "tikkie-client's repository.directory is packages, not packages/tikkie-client",
        "tikkie-sandbox's package.json has no repository",
        `medusa-plugin-tikkie depends on tikkie-client 0.0.9, not on the released ${manifest(".").version}`,
      ])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("publishes in dependency order: each package after the ones of this repository it depends on", () => {
    const names = PACKAGES.map((p) => p.name)
    expect(names).toEqual(["tikkie-client", "tikkie-sandbox", "medusa-plugin-tikkie"])
    for (const [i, p] of PACKAGES.entries()) {
      const ours = Object.keys(manifest(p.dir).dependencies ?? {}).filter((d) => names.includes(d))
      for (const dep of ours) expect(names.indexOf(dep)).toBeLessThan(i)
    }
  })

  it("changesets versions the three as one fixed group, the plugin (the workspace root) included", () => {
    const config = JSON.parse(readFileSync(path.join(ROOT, ".changeset/config.json"), "utf8"))
    expect(config.fixed).toEqual([["medusa-plugin-tikkie", "tikkie-client", "tikkie-sandbox"]])
    expect(manifest(".").workspaces).toContain(".")
  })

  it.each(PACKAGES.map((p) => [p.name, p.dir]))("%s has a CHANGELOG.md with its version's entry", (name, dir) => {
    const changelog = readFileSync(path.join(ROOT, dir, "CHANGELOG.md"), "utf8")
    expect(changelog.startsWith(`# ${name}\n`)).toBe(true)
    expect(changelog).toContain(`\n## ${manifest(dir).version}\n`)
  })
})
