/** TIKKIE_SETTLEMENT_TIMING=1: a settlement that completed a cart logs its time per part (ms), for the bench. */
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
    private readonly token: string
  ) {}

  mark(part: string): void {
    const now = performance.now()
    this.parts[part] = (this.parts[part] ?? 0) + (now - this.last)
    this.last = now
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
  return SettlementTiming.enabled() ? new SettlementTiming(kind, token ?? "?") : undefined
}

/** A settlement's moments, carried from step to step: `[part, ms since epoch]`, the part ending then. */
export type StepMarks = Array<[string, number]>

/** Adds the moment `part` ended, when timing is on (otherwise the marks stay empty). */
export function markStep(marks: StepMarks | undefined, part: string): StepMarks {
  return SettlementTiming.enabled() ? [...(marks ?? []), [part, Date.now()]] : []
}

/** The timing line of a settlement's step marks (the first mark is its start). */
export function stepTimingLine(kind: "fast-checkout" | "payment-request", token: string, marks: StepMarks): string {
  const parts: Record<string, number> = {}
  for (let i = 1; i < marks.length; i++) parts[marks[i][0]] = (parts[marks[i][0]] ?? 0) + marks[i][1] - marks[i - 1][1]
  return `${SETTLEMENT_TIMING_PREFIX}${JSON.stringify({ kind, token, startedAt: marks[0]?.[1], parts })}`
}

/**
 * Where a hook route's own time goes, for `npm run bench` (the webhook route and the return routes during
 * the storm): with TIKKIE_SETTLEMENT_TIMING=1 each request logs one line
 *
 *   tikkie-route-timing {"route":"fast-checkout webhook","parts":{"record lookup":0.8,"claim":0.4,"enqueue":1.2}}
 *
 * from the route handler's start (after Medusa's HTTP layer and the route's validation) to its answer;
 * parts add up to the handler's time. Off (the default), nothing is measured or logged.
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

  /** Marks the time since the last mark as `lastPart` and logs the line. */
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
