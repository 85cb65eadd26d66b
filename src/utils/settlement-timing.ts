import { context, trace } from "@medusajs/framework/opentelemetry/api"
import { recentEventLoopLagMs } from "./event-loop-lag"
import { tracer } from "./tracing"

/**
 * A settlement's parts: with TIKKIE_SETTLEMENT_TIMING=1 a settlement that completed a cart logs its time
 * per part (ms), for the bench; inside a recording settlement span each part is a child span too.
 */
export const SETTLEMENT_TIMING_PREFIX = "tikkie-settlement-timing "

const timingOn = () => process.env.TIKKIE_SETTLEMENT_TIMING === "1"

// `[part, ms since epoch]`: when each part of a settlement ended, carried from step to step.
export type StepMarks = Array<[string, number]>

/** Marks are collected for the bench's log line and for a recording settlement span's part spans. */
function collecting(): boolean {
  return timingOn() || !!trace.getActiveSpan()?.isRecording()
}

export function markStep(marks: StepMarks | undefined, part: string): StepMarks {
  return collecting() ? [...(marks ?? []), [part, Date.now()]] : []
}

export function stepTimingLine(kind: "fast-checkout" | "payment-request", token: string, marks: StepMarks): string {
  const parts: Record<string, number> = {}
  for (let i = 1; i < marks.length; i++) parts[marks[i][0]] = (parts[marks[i][0]] ?? 0) + marks[i][1] - marks[i - 1][1]
  return `${SETTLEMENT_TIMING_PREFIX}${JSON.stringify({ kind, token, startedAt: marks[0]?.[1], parts })}`
}

/** A settlement's end: its timing line (TIKKIE_SETTLEMENT_TIMING=1) and one span per part under its span. */
export function endStepTiming(
  logger: { info(message: string): void },
  kind: "fast-checkout" | "payment-request",
  token: string,
  marks: StepMarks
): void {
  if (marks.length < 2) return
  if (timingOn()) logger.info(stepTimingLine(kind, token, marks))
  const span = trace.getActiveSpan()
  if (!span?.isRecording()) return
  const parent = trace.setSpan(context.active(), span)
  for (let i = 1; i < marks.length; i++) {
    const [part, end] = marks[i]
    const attributes = { "tikkie.settlement.part": part }
    const name = `tikkie.settle.part.${part.replace(/\W+/g, "_")}`
    tracer.startSpan(name, { startTime: marks[i - 1][1], attributes }, parent).end(end)
  }
}

/**
 * With TIKKIE_SETTLEMENT_TIMING=1 each hook request logs a line for `npm run bench`: `parts`, the handler's
 * time; `before`, Medusa's middlewares (from morgan's `_startAt`); `lag`, the event loop's delay.
 */
export const ROUTE_TIMING_PREFIX = "tikkie-route-timing "

export type TimedRoute = "fast-checkout webhook" | "fast-checkout return" | "payment-request return"

interface TimedRequest {
  _startAt?: [number, number]
}

export class RouteTiming {
  private last = performance.now()
  private readonly parts: Record<string, number> = {}
  private readonly before?: number
  private readonly lag = recentEventLoopLagMs()

  constructor(
    private readonly route: TimedRoute,
    req?: object
  ) {
    const startAt = (req as TimedRequest | undefined)?._startAt
    if (Array.isArray(startAt)) {
      const [s, ns] = process.hrtime(startAt)
      this.before = s * 1_000 + ns / 1e6
    }
  }

  mark(part: string): void {
    const now = performance.now()
    this.parts[part] = (this.parts[part] ?? 0) + (now - this.last)
    this.last = now
  }

  end(logger: { info(message: string): void }, lastPart: string): void {
    this.mark(lastPart)
    const parts = Object.fromEntries(Object.entries(this.parts).map(([k, v]) => [k, Math.round(v * 100) / 100]))
    const round = (n?: number) => (n === undefined ? undefined : Math.round(n * 100) / 100)
    // `parts` last: the bench finds a line's end by its closing "}}", also inside a quoting JSON logger.
    const line = { route: this.route, before: round(this.before), lag: round(this.lag), parts }
    logger.info(`${ROUTE_TIMING_PREFIX}${JSON.stringify(line)}`)
  }
}

/** A route timing when TIKKIE_SETTLEMENT_TIMING=1, otherwise undefined (callers write `timing?.mark(…)`). */
export function routeTiming(route: TimedRoute, req?: object): RouteTiming | undefined {
  return timingOn() ? new RouteTiming(route, req) : undefined
}
