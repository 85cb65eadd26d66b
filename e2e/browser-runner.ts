/**
 * The browser tests' tiny runner: Debian's Chromium through playwright-core, one fresh context per page,
 * a time limit per test, screenshots of every open page when a test fails, and the closing line
 * "N passed, N failed". Env: CHROMIUM_PATH (default /usr/bin/chromium), E2E_HEADED=1 (show the browser),
 * E2E_GREP=text (run only the tests whose name contains it, or one of its `|`-separated parts).
 */
import fs from "node:fs"
import path from "node:path"
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core"

export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium"
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
]

type Outcome = "passed" | "failed"
export type LabelledPage = Page & { __label?: string; __errors?: string[] }

export class BrowserRunner {
  readonly pages: LabelledPage[] = []
  private readonly outcomes: Array<{ name: string; outcome: Outcome; ms: number }> = []
  private browser?: Browser

  constructor(private readonly options: { artifacts: string; testTimeoutMs: number }) {}

  async launch(): Promise<void> {
    if (!fs.existsSync(CHROMIUM))
      throw new Error(`no Chromium at ${CHROMIUM}: run e2e/install-chromium.sh (or set CHROMIUM_PATH)`)
    const headed = process.env.E2E_HEADED === "1"
    this.browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: !headed,
      args: headed ? CHROMIUM_ARGS.filter((a) => a !== "--headless") : CHROMIUM_ARGS,
    })
  }

  /** A page in a context of its own (its own cookies); uncaught page errors are kept for a failure's report. */
  async newPage(label: string, context: BrowserContextOptions = {}): Promise<LabelledPage> {
    if (!this.browser) throw new Error("launch() first")
    const page = (await (
      await this.browser.newContext({ viewport: { width: 1280, height: 900 }, ...context })
    ).newPage()) as LabelledPage
    page.setDefaultTimeout(30_000)
    page.__label = label
    page.__errors = []
    page.on("pageerror", (e) => page.__errors!.push(e.message))
    this.pages.push(page)
    return page
  }

  async test(name: string, fn: () => Promise<void>): Promise<void> {
    const grep = process.env.E2E_GREP?.toLowerCase().split("|").filter(Boolean)
    if (grep?.length && !grep.some((g) => name.toLowerCase().includes(g))) return
    const started = Date.now()
    let timer: NodeJS.Timeout | undefined
    try {
      await Promise.race([
        fn(),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`timed out after ${this.options.testTimeoutMs / 1000} s`)),
            this.options.testTimeoutMs
          )
        }),
      ])
      const ms = Date.now() - started
      this.outcomes.push({ name, outcome: "passed", ms })
      process.stdout.write(`  ✓ ${name} (${ms} ms)\n`)
    } catch (e) {
      const ms = Date.now() - started
      const error = e instanceof Error ? e.stack || e.message : String(e)
      this.outcomes.push({ name, outcome: "failed", ms })
      process.stdout.write(`  ✗ ${name} (${ms} ms)\n${indent(error)}\n`)
      for (const p of this.pages) {
        if (p.__errors?.length)
          process.stdout.write(indent(`browser errors (${p.__label}): ${p.__errors.join("; ")}`) + "\n")
      }
      await this.screenshotAll(name.replace(/[^a-z0-9]+/gi, "-").slice(0, 60))
      process.stdout.write(indent(`screenshots in ${path.relative(process.cwd(), this.options.artifacts)}`) + "\n")
    } finally {
      clearTimeout(timer)
      for (const p of this.pages.splice(0))
        await p
          .context()
          .close()
          .catch(() => {})
    }
  }

  count(outcome: Outcome): number {
    return this.outcomes.filter((x) => x.outcome === outcome).length
  }

  async close(): Promise<void> {
    await this.browser?.close().catch(() => {})
  }

  private async screenshotAll(prefix: string) {
    fs.mkdirSync(this.options.artifacts, { recursive: true })
    for (const [i, p] of this.pages.entries()) {
      if (p.isClosed()) continue
      await p
        .screenshot({ path: path.join(this.options.artifacts, `${prefix}-${p.__label ?? i}.png`), fullPage: true })
        .catch(() => {})
    }
  }
}

export const indent = (s: string) =>
  s
    .split("\n")
    .map((l) => `      ${l}`)
    .join("\n")
