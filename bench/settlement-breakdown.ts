import fs from "node:fs"
import { SETTLEMENT_TIMING_PREFIX } from "../src/utils/settlement-timing"
import { fmt, median } from "./stats"
import { note } from "./summary"

/**
 * Where paid → order goes, per order: the store logs one timing line per completed settlement
 * (src/utils/settlement-timing.ts, on with TIKKIE_SETTLEMENT_TIMING=1, which every bench store gets);
 * this joins them with when the sandbox sent the webhook or notification and when the cart was
 * completed, and prints the median of each part.
 */
process.env.TIKKIE_SETTLEMENT_TIMING = "1"

/**
 * Pairs run before the measured ones and left out (BENCH_WARMUP_PAIRS overrides). In a cluster the
 * workers settle and the server completes B's carts; preparing the carts warms the server's JIT, but a
 * worker only warms on the settlements it runs, about half of them each. With 3 warm-up pairs the
 * workers' cart completion was still cold and paid -> order read 1.49 (Fast Checkout) and 1.48 (links) on
 * the server's clock; with 20 it read 1.10 and 1.16 in the same session, the code unchanged.
 */
export function paidWarmupPairs(instances: number): number {
  const n = Math.floor(Number(process.env.BENCH_WARMUP_PAIRS))
  if (Number.isFinite(n) && n >= 0) return n
  return instances > 1 ? 20 : 3
}

export interface SettlementTimingLine {
  kind: string
  token: string
  startedAt: number
  parts: Record<string, number>
}

/** Every timing line in the stores' logs, by token (the last one wins: a token settles once). */
export function readSettlementTimings(logPaths: string[]): Map<string, SettlementTimingLine> {
  const found = new Map<string, SettlementTimingLine>()
  for (const file of logPaths) {
    if (!fs.existsSync(file)) continue
    for (const line of fs.readFileSync(file, "utf8").split("\n")) {
      const at = line.indexOf(SETTLEMENT_TIMING_PREFIX)
      if (at < 0) continue
      try {
        const t = JSON.parse(line.slice(at + SETTLEMENT_TIMING_PREFIX.length)) as SettlementTimingLine
        found.set(t.token, t)
      } catch {
        // a line cut by the log's end: left out
      }
    }
  }
  return found
}

export interface SettledSample {
  token: string
  /** When the sandbox sent the webhook or notification (its delivery log), epoch ms. */
  sentAt: number
  /** The cart's completed_at, epoch ms. */
  completedAt: number
}

/**
 * Prints, per part, the median over the orders that have a timing line: the time before the step
 * (send → the step began: HTTP, the route, the event bus, the queue, the workflow engine), each part of
 * the step in order, and send → completed_at for reference. Returns the line for the summary table.
 */
export function printSettlementBreakdown(
  label: string,
  samples: SettledSample[],
  timings: Map<string, SettlementTimingLine>
): string | undefined {
  const rows = samples
    .map((s) => ({ s, t: timings.get(s.token) }))
    .filter((r): r is { s: SettledSample; t: SettlementTimingLine } => !!r.t)
  if (!rows.length) {
    console.log(`  breakdown (${label}): no timing line in the store's log`)
    return undefined
  }
  const partNames: string[] = []
  for (const { t } of rows) for (const p of Object.keys(t.parts)) if (!partNames.includes(p)) partNames.push(p)
  const before = median(rows.map(({ s, t }) => t.startedAt - s.sentAt))
  const parts = partNames.map((p) => [p, median(rows.map(({ t }) => t.parts[p] ?? 0))] as const)
  const toCompleted = median(rows.map(({ s }) => s.completedAt - s.sentAt))
  const stepTotal = median(rows.map(({ t }) => Object.values(t.parts).reduce((a, b) => a + b, 0)))
  console.log(`  breakdown per order (${label}, ${rows.length} orders, medians in ms; the parts follow each other):`)
  console.log(`    before the step (send → step began)  ${fmt(before, 0).padStart(6)}`)
  for (const [p, v] of parts) console.log(`    ${p.padEnd(36)} ${fmt(v, 1).padStart(6)}`)
  console.log(`    the step in all                      ${fmt(stepTotal, 0).padStart(6)}`)
  console.log(`    send → cart's completed_at           ${fmt(toCompleted, 0).padStart(6)}`)
  return `before ${fmt(before, 0)} | ${parts.map(([p, v]) => `${p} ${fmt(v, 0)}`).join(" | ")}`
}

/**
 * The two lines of paid → order in the side-by-side table: the server-clock ratio next to the system
 * provider, and the breakdown of the same orders.
 */
export function notePaidToOrder(
  label: string,
  samples: SettledSample[],
  systemServerMs: number[],
  logPaths: string[]
): void {
  const server = median(samples.map((s) => s.completedAt - s.sentAt))
  const system = median(systemServerMs)
  note(
    `paid -> order, server clock (${label} / system)`,
    `${fmtMs(server)} / ${fmtMs(system)} = ${fmt(server / system)}`
  )
  const breakdown = printSettlementBreakdown(label, samples, readSettlementTimings(logPaths))
  if (breakdown) note(`paid -> order breakdown, ms (${label})`, breakdown)
}

const fmtMs = (n: number) => `${fmt(n, 1)} ms`
