import { context, type Span, trace } from "@medusajs/framework/opentelemetry/api"
import { recentEventLoopLagMs } from "./event-loop-lag"
import { tracer } from "./tracing"

/**
 * A settlement's parts: with TIKKIE_SETTLEMENT_TIMING=1 a settlement that completed a cart logs its time
 * per part (ms), for the bench; inside a recording settlement span each part is a child span too.
 */
export const SETTLEMENT_TIMING_PREFIX = "tikkie-settlement-timing "

export class SettlementTiming {
  static enabled(): boolean {
    return process.env.TIKKIE_SETTLEMENT_TIMING === "1"
  }

  private readonly startedAt = Date.now()
  private last = performance.now()
  private readonly parts: Record<string, number> = {}

  constructor(
    private readonly kind: "fast-checkout" | "payment-request",
    private readonly token: string,
    private readonly span?: Span
  ) {}

  mark(part: string): void {
    const now = performance.now()
    this.parts[part] = (this.parts[part] ?? 0) + (now - this.last)
    if (this.span) {
      const parent = trace.setSpan(context.active(), this.span)
      const at = (t: number) => performance.timeOrigin + t
      const attributes = { "tikkie.settlement.part": part }
      const name = `tikkie.settle.part.${part.replace(/\W+/g, "_")}`
      tracer.startSpan(name, { startTime: at(this.last), attributes }, parent).end(at(now))
    }
    this.last = now
  }

  log(logger: { info(message: string): void }): void {
    if (SettlementTiming.enabled()) logger.info(this.line())
  }

  line(): string {
    const parts = Object.fromEntries(Object.entries(this.parts).map(([k, v]) => [k, Math.round(v * 10) / 10]))
    return `${SETTLEMENT_TIMING_PREFIX}${JSON.stringify({ kind: this.kind, token: this.token, startedAt: this.startedAt, parts })}`
  }
}

export function settlementTiming(
  kind: "fast-checkout" | "payment-request",
  token: string | undefined
): SettlementTiming | undefined {
  const active = trace.getActiveSpan()
  const span = active?.isRecording() ? active : undefined
  return SettlementTiming.enabled() || span ? new SettlementTiming(kind, token ?? "?", span) : undefined
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
  return SettlementTiming.enabled() ? new RouteTiming(route, req) : undefined
}
