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
