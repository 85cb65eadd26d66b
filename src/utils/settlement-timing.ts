import { context, type Span, trace } from "@medusajs/framework/opentelemetry/api"
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
 * Where a hook route's own time goes, for `npm run bench`: with TIKKIE_SETTLEMENT_TIMING=1 each request
 * logs `tikkie-route-timing {"route":…,"parts":{…}}`, parts adding up to the handler's time.
 */
export const ROUTE_TIMING_PREFIX = "tikkie-route-timing "

export type TimedRoute = "fast-checkout webhook" | "fast-checkout return" | "payment-request return"

export class RouteTiming {
  private last = performance.now()
  private readonly parts: Record<string, number> = {}

  constructor(private readonly route: TimedRoute) {}

  mark(part: string): void {
    const now = performance.now()
    this.parts[part] = (this.parts[part] ?? 0) + (now - this.last)
    this.last = now
  }

  end(logger: { info(message: string): void }, lastPart: string): void {
    this.mark(lastPart)
    const parts = Object.fromEntries(Object.entries(this.parts).map(([k, v]) => [k, Math.round(v * 100) / 100]))
    logger.info(`${ROUTE_TIMING_PREFIX}${JSON.stringify({ route: this.route, parts })}`)
  }
}

/** A route timing when TIKKIE_SETTLEMENT_TIMING=1, otherwise undefined (callers write `timing?.mark(…)`). */
export function routeTiming(route: TimedRoute): RouteTiming | undefined {
  return SettlementTiming.enabled() ? new RouteTiming(route) : undefined
}
