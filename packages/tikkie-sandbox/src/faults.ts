/**
 * Fault injection: "the next N calls of operation X answer 429 / 500 / 503 / hang", refused before anything
 * is done; or "carry out the next N calls of X, then lose the answer": `drop-after` destroys the
 * connection instead of answering, `500-after` answers 500 (the caller cannot tell it was done),
 * `hang-after` never answers (the caller's timeout ends it, long after the call took effect). Tests
 * use them to show that a store delays but never loses a payment, and never pays out twice, when the
 * service misbehaves.
 */
export type FaultKind = "429" | "500" | "503" | "hang" | "drop-after" | "500-after" | "hang-after"

export interface FaultRule {
  operation: string
  kind: FaultKind
  remaining: number
}

export const FAULT_KINDS = [
  "429",
  "500",
  "503",
  "hang",
  "drop-after",
  "500-after",
  "hang-after",
] as const satisfies ReadonlyArray<FaultKind>

/** Faults that let the call be carried out and only spoil its answer. */
export function isAfterFault(kind: FaultKind | undefined): kind is "drop-after" | "500-after" | "hang-after" {
  return kind === "drop-after" || kind === "500-after" || kind === "hang-after"
}

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
