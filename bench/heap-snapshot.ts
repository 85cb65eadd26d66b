import fs from "node:fs"
import path from "node:path"
import { setTimeout as sleep } from "node:timers/promises"

/**
 * Heap snapshots of a store process (BENCH_HEAP_SNAPSHOTS=1): the store is started with
 * `--heapsnapshot-signal=SIGUSR2`, and SIGUSR2 makes it write one into its working directory. V8 collects
 * garbage before it writes a snapshot, so a snapshot holds only what is still reachable: comparing two
 * tells growth that stays from memory the process has not handed back yet.
 */
export const HEAP_SNAPSHOTS = process.env.BENCH_HEAP_SNAPSHOTS === "1"

export interface HeapSummary {
  file: string
  /** Bytes of every object still reachable (the sum of self sizes). */
  liveBytes: number
  /** Bytes by constructor or kind ("Object", "(string)", "IncomingMessage", …). */
  byName: Map<string, { count: number; bytes: number }>
}

/** Makes `pid` (running in `cwd`) write a heap snapshot, waits for the file, reads and deletes it. */
export async function takeHeapSnapshot(pid: number, cwd: string, timeoutMs = 120_000): Promise<HeapSummary> {
  const before = new Set(fs.readdirSync(cwd).filter((f) => f.endsWith(".heapsnapshot")))
  process.kill(pid, "SIGUSR2")
  const until = Date.now() + timeoutMs
  for (;;) {
    const made = fs
      .readdirSync(cwd)
      .find((f) => f.endsWith(".heapsnapshot") && !before.has(f) && f.includes(`.${pid}.`))
    if (made) {
      const file = path.join(cwd, made)
      // Streamed out while V8 walks the heap, with pauses: complete when it ends with the JSON's last "]}".
      while (!complete(file)) {
        if (Date.now() > until) throw new Error(`heap snapshot ${file} not complete within ${timeoutMs} ms`)
        await sleep(1_000)
      }
      try {
        return summarise(file)
      } finally {
        fs.rmSync(file, { force: true })
      }
    }
    if (Date.now() > until) throw new Error(`no heap snapshot from pid ${pid} within ${timeoutMs} ms`)
    await sleep(500)
  }
}

function complete(file: string): boolean {
  const size = fs.statSync(file).size
  if (size < 2) return false
  const fd = fs.openSync(file, "r")
  try {
    const tail = Buffer.alloc(Math.min(16, size))
    fs.readSync(fd, tail, 0, tail.length, size - tail.length)
    return /\]\s*\}\s*$/.test(tail.toString("utf8"))
  } finally {
    fs.closeSync(fd)
  }
}

function summarise(file: string): HeapSummary {
  const snap = JSON.parse(fs.readFileSync(file, "utf8")) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } }
    nodes: number[]
    strings: string[]
  }
  const fields = snap.snapshot.meta.node_fields
  const width = fields.length
  const typeAt = fields.indexOf("type")
  const nameAt = fields.indexOf("name")
  const sizeAt = fields.indexOf("self_size")
  const types = snap.snapshot.meta.node_types[0]
  const byName = new Map<string, { count: number; bytes: number }>()
  let liveBytes = 0
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + typeAt]]
    const size = snap.nodes[i + sizeAt]
    liveBytes += size
    const name = type === "object" || type === "closure" ? snap.strings[snap.nodes[i + nameAt]] : `(${type})`
    const entry = byName.get(name) ?? { count: 0, bytes: 0 }
    entry.count++
    entry.bytes += size
    byName.set(name, entry)
  }
  return { file, liveBytes, byName }
}

/** The kinds of object that grew most from `from` to `to`, by bytes. */
export function heapGrowth(
  from: HeapSummary,
  to: HeapSummary,
  top = 8
): Array<{ name: string; count: number; bytes: number }> {
  const out: Array<{ name: string; count: number; bytes: number }> = []
  for (const [name, t] of to.byName) {
    const f = from.byName.get(name) ?? { count: 0, bytes: 0 }
    out.push({ name, count: t.count - f.count, bytes: t.bytes - f.bytes })
  }
  return out.sort((a, b) => b.bytes - a.bytes).slice(0, top)
}
