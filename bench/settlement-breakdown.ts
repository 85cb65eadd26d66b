import fs from "node:fs"
import { ROUTE_TIMING_PREFIX, SETTLEMENT_TIMING_PREFIX } from "../src/utils/settlement-timing"
import { fmt, median, percentile } from "./stats"
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

/**
 * A timing line's object: the logger may quote the message (production's JSON logs), so it is taken up to
 * its last closing braces (`parts` comes last) and unquoted.
 */
function timingJson(rest: string): string {
  return rest.slice(0, rest.lastIndexOf("}}") + 2).replace(/\\"/g, '"')
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
        const t = JSON.parse(timingJson(line.slice(at + SETTLEMENT_TIMING_PREFIX.length))) as SettlementTimingLine
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

export interface RouteTimingLine {
  route: string
  parts: Record<string, number>
  /** ms from Medusa's first middleware to the handler (its HTTP layer and the route's validation). */
  before?: number
  /** The instance's event-loop delay of the last second when the handler started, ms. */
  lag?: number
}

/** The hook routes' timing lines (src/utils/settlement-timing.ts, RouteTiming) logged past each file's offset. */
export function readRouteTimings(offsets: Map<string, number>): RouteTimingLine[] {
  const found: RouteTimingLine[] = []
  for (const [file, offset] of offsets) {
    let text = ""
    try {
      const fd = fs.openSync(file, "r")
      const size = fs.fstatSync(fd).size
      const buf = Buffer.alloc(Math.max(0, size - offset))
      fs.readSync(fd, buf, 0, buf.length, offset)
      fs.closeSync(fd)
      text = buf.toString("utf8")
    } catch {
      continue
    }
    for (const line of text.split("\n")) {
      const at = line.indexOf(ROUTE_TIMING_PREFIX)
      if (at < 0) continue
      try {
        found.push(JSON.parse(timingJson(line.slice(at + ROUTE_TIMING_PREFIX.length))) as RouteTimingLine)
      } catch {
        // a line cut by the log's end: left out
      }
    }
  }
  return found
}

/**
 * Where each hook route's milliseconds go, from the route handler's start to its answer (after Medusa's
 * HTTP layer and validation): per route, the handler's p50/p90/p99 and, per part, the median and p90
 * over the requests that had it (a webhook inside its order's interval has no record lookup, a return
 * answered from the record no settlement). `answeredMs`: the same requests as their sender timed them
 * (the sandbox for webhooks, the shoppers for returns), so the time outside the handler shows beside it.
 * Returns one summary line per route.
 */
export function printRouteBreakdown(
  lines: RouteTimingLine[],
  answeredMs: Partial<Record<string, number[]>> = {}
): Array<[string, string]> {
  const summary: Array<[string, string]> = []
  const routes = [...new Set(lines.map((l) => l.route))]
  if (!routes.length) console.log(`  hook routes' breakdown: no route timing line in the store's log`)
  for (const route of routes) {
    const rows = lines.filter((l) => l.route === route)
    const totals = rows.map((r) => Object.values(r.parts).reduce((a, b) => a + b, 0))
    console.log(
      `  ${route} route, in the handler (${rows.length} requests, ms): p50 ${fmt(percentile(totals, 0.5), 1)}   p90 ${fmt(percentile(totals, 0.9), 1)}   p99 ${fmt(percentile(totals, 0.99), 1)}`
    )
    // Before the handler: Medusa's own stack (request log, cookies, session, body parsing) and the route's
    // validation; and the event loop's delay, which a request waits before Node reads it at all.
    const before = rows.map((r) => r.before).filter((x): x is number => typeof x === "number")
    const lag = rows.map((r) => r.lag).filter((x): x is number => typeof x === "number")
    if (before.length)
      console.log(
        `    before the handler (Medusa's HTTP layer + validation) p50 ${fmt(percentile(before, 0.5), 1)}   p90 ${fmt(percentile(before, 0.9), 1)}   p99 ${fmt(percentile(before, 0.99), 1)}`
      )
    if (lag.length)
      console.log(
        `    event-loop delay of the instance (last second)      p50 ${fmt(percentile(lag, 0.5), 1)}   p90 ${fmt(percentile(lag, 0.9), 1)}   max ${fmt(Math.max(...lag), 1)}`
      )
    const sent = answeredMs[route]
    if (sent?.length)
      console.log(
        `    as the sender timed it (HTTP, accept queue, body parsing and validation included): p50 ${fmt(percentile(sent, 0.5), 1)}   p90 ${fmt(percentile(sent, 0.9), 1)}   p99 ${fmt(percentile(sent, 0.99), 1)}`
      )
    const partNames: string[] = []
    for (const r of rows) for (const p of Object.keys(r.parts)) if (!partNames.includes(p)) partNames.push(p)
    const parts: string[] = []
    for (const p of partNames) {
      const xs = rows.filter((r) => p in r.parts).map((r) => r.parts[p])
      console.log(
        `    ${p.padEnd(32)} ${String(xs.length).padStart(5)} requests   median ${fmt(median(xs), 2).padStart(7)}   p90 ${fmt(percentile(xs, 0.9), 2).padStart(7)}`
      )
      parts.push(`${p} ${fmt(median(xs), 1)} (${xs.length})`)
    }
    summary.push([
      `${route} route ms: handler p50 / p90 / p99; parts' medians (requests)`,
      `${fmt(percentile(totals, 0.5), 1)} / ${fmt(percentile(totals, 0.9), 1)} / ${fmt(percentile(totals, 0.99), 1)}; ${parts.join(" | ")}`,
    ])
    if (before.length || lag.length)
      summary.push([
        `${route} route ms: before the handler p50 / p99; event-loop delay p50 / p90 / max`,
        `${fmt(percentile(before, 0.5), 1)} / ${fmt(percentile(before, 0.99), 1)}; ${fmt(percentile(lag, 0.5), 1)} / ${fmt(percentile(lag, 0.9), 1)} / ${fmt(lag.length ? Math.max(...lag) : NaN, 1)}`,
      ])
  }
  return summary
}
