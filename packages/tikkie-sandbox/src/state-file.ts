import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import path from "node:path"

/**
 * The sandbox's state in a file (`stateFile` option, `--state-file`), so a restart keeps what it issued:
 * merchant tokens, app tokens and their subscriptions, v1 platforms and users, bearer tokens, and the
 * orders and payment requests made with them. A store configured with those credentials keeps working
 * across a sandbox restart. Not kept: pending webhook deliveries, the request log, injected faults, and
 * transactions booked on the bank accounts (generated again from the seed).
 *
 * Written after every call that may change state (anything but GET and HEAD), whole, to a temporary
 * file renamed over the old one, so a crash never leaves half a file. Mode 0600: it holds the API keys
 * the sandbox was called with.
 */
export interface PersistedPart {
  save(): unknown
  load(data: unknown): void
}

const FORMAT = "tikkie-sandbox-state"
const VERSION = 1

interface StateFileContent {
  format: typeof FORMAT
  version: number
  savedAt: string
  clockOffsetMs: number
  parts: Record<string, unknown>
}

export class SandboxStateFile {
  constructor(
    readonly file: string,
    private readonly parts: ReadonlyMap<string, PersistedPart>,
    private readonly clock: { offset(): number; setOffset(ms: number): void }
  ) {}

  /** Loads the file into the parts; false when there is no file yet (a first start). */
  load(): boolean {
    let text: string
    try {
      text = readFileSync(this.file, "utf8")
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return false
      throw new Error(`state file ${this.file} cannot be read (${(e as NodeJS.ErrnoException).code ?? String(e)})`)
    }
    let content: StateFileContent
    try {
      content = JSON.parse(text)
    } catch {
      throw new Error(`state file ${this.file} is not JSON: remove it to start empty`)
    }
    if (content?.format !== FORMAT || content.version !== VERSION || typeof content.parts !== "object") {
      throw new Error(`state file ${this.file} is not a ${FORMAT} file of version ${VERSION}: remove it to start empty`)
    }
    this.clock.setOffset(Number(content.clockOffsetMs) || 0)
    for (const [name, part] of this.parts) {
      if (content.parts[name] !== undefined) part.load(content.parts[name])
    }
    return true
  }

  save(): void {
    const content: StateFileContent = {
      format: FORMAT,
      version: VERSION,
      savedAt: new Date().toISOString(),
      clockOffsetMs: this.clock.offset(),
      parts: Object.fromEntries([...this.parts].map(([name, part]) => [name, part.save()])),
    }
    mkdirSync(path.dirname(this.file), { recursive: true })
    const temp = `${this.file}.${process.pid}.tmp`
    writeFileSync(temp, JSON.stringify(content), { mode: 0o600 })
    renameSync(temp, this.file)
  }
}
