/**
 * Fault injection: "the next N calls of operation X answer 500 / 503 / hang". Tests use it to show
 * that a store delays but never loses a payment when the service misbehaves.
 */
export type FaultKind = "500" | "503" | "hang"

export interface FaultRule {
  operation: string
  kind: FaultKind
  remaining: number
}

export const FAULT_KINDS: ReadonlyArray<FaultKind> = ["500", "503", "hang"]

export class FaultInjector {
  private rules: FaultRule[] = []

  add(operation: string, kind: FaultKind, count: number): void {
    this.rules.push({ operation, kind, remaining: count })
  }

  /** Consumes and returns the fault for this call, if one is pending. */
  take(operation: string): FaultKind | undefined {
    const rule = this.rules.find((r) => r.remaining > 0 && (r.operation === operation || r.operation === "*"))
    if (!rule) return undefined
    rule.remaining--
    this.rules = this.rules.filter((r) => r.remaining > 0)
    return rule.kind
  }

  pending(): FaultRule[] {
    return this.rules.map((r) => ({ ...r }))
  }

  clear(): void {
    this.rules = []
  }
}
