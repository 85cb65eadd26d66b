/**
 * Where a settlement's time goes, for `npm run bench` (paid → order next to Medusa's own completion).
 * With TIKKIE_SETTLEMENT_TIMING=1 in the store's environment every settlement that completed a cart logs
 * one line:
 *
 *   tikkie-settlement-timing {"kind":"fast-checkout","token":"…","startedAt":<epoch ms>,"parts":{"record":2.1,…}}
 *
 * `startedAt` is when the settlement's step began (the bench subtracts the webhook's or notification's
 * send time from it: what happened before the step); each part is the wall time in ms since the part
 * before it, so the parts add up to the step's time. Off (the default), nothing is measured or logged.
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
    private readonly token: string
  ) {}

  /** The time since the previous mark (or the start) belongs to `part`. */
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

/** A timing when TIKKIE_SETTLEMENT_TIMING=1, otherwise undefined (callers write `timing?.mark(…)`). */
export function settlementTiming(
  kind: "fast-checkout" | "payment-request",
  token: string | undefined
): SettlementTiming | undefined {
  return SettlementTiming.enabled() ? new SettlementTiming(kind, token ?? "?") : undefined
}
