/**
 * The code blocks of docs/storefront-nextjs.md, as the Next.js browser test uses them: a block after
 * `<!-- file: path -->` is a whole new file of the storefront, written into the test app as it is; a block
 * after `<!-- in: path -->` is an addition to a starter file, which must stand in the test app's copy of
 * that file (line by line, indentation aside).
 */
import fs from "node:fs"
import path from "node:path"

export const GUIDE = path.resolve(__dirname, "..", "docs", "storefront-nextjs.md")
export const NEXTJS_APP = path.resolve(__dirname, "nextjs-storefront")

export interface GuideBlock {
  kind: "file" | "in"
  /** Relative to the storefront's root, as the guide names it. */
  path: string
  code: string
}

export function guideBlocks(markdown = fs.readFileSync(GUIDE, "utf8")): GuideBlock[] {
  const blocks: GuideBlock[] = []
  for (const m of markdown.matchAll(/<!-- (file|in): (\S+) -->\n```(?:ts|tsx)\n([\s\S]*?)```\n/g)) {
    blocks.push({ kind: m[1] as GuideBlock["kind"], path: m[2], code: m[3] })
  }
  return blocks
}

/** The guide's install line (the ```sh block after `<!-- storefront: install -->`), split into words. */
export function guideInstallLine(markdown = fs.readFileSync(GUIDE, "utf8")): string[] {
  const m = /<!-- storefront: install -->\n```sh\n([\s\S]*?)```\n/.exec(markdown)
  if (!m) throw new Error("docs/storefront-nextjs.md has no <!-- storefront: install --> block")
  const lines = m[1].split("\n").filter((l) => l.trim())
  if (lines.length !== 1) throw new Error(`the guide's install block is not one line: ${JSON.stringify(lines)}`)
  return lines[0].trim().split(/\s+/)
}

/** Writes the guide's new files into the app; answers their paths. */
export function writeGuideFiles(appDir = NEXTJS_APP, blocks = guideBlocks()): string[] {
  const written: string[] = []
  for (const b of blocks.filter((x) => x.kind === "file")) {
    const target = path.join(appDir, b.path)
    fs.mkdirSync(path.dirname(target), { recursive: true })
    fs.writeFileSync(target, b.code)
    written.push(b.path)
  }
  return written
}

/** The guide's additions that the app's copy of the starter file does not hold, as `path: first line`. */
export function missingAdditions(appDir = NEXTJS_APP, blocks = guideBlocks()): string[] {
  const lines = (text: string) =>
    text
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean)
  const missing: string[] = []
  for (const b of blocks.filter((x) => x.kind === "in")) {
    const file = path.join(appDir, b.path)
    const have = fs.existsSync(file) ? lines(fs.readFileSync(file, "utf8")) : []
    const want = lines(b.code)
    const found = have.some((_, i) => want.every((w, j) => have[i + j] === w))
    if (!found) missing.push(`${b.path}: ${want[0]}`)
  }
  return missing
}
