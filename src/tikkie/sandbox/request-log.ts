/**
 * What the sandbox received, for tests and shop developers: "did my store call GET order, how
 * often, and how fast". Bounded so a long-running demo does not grow without end.
 */
export interface LoggedRequest {
  at: string
  method: string
  path: string
  operation: string
  status: number
  traceId: string
  durationMs: number
}

export class RequestLog {
  private entries: LoggedRequest[] = []
  /** operation -> (second -> count), for the highest observed rate per second. */
  private readonly perSecond = new Map<string, { second: number; count: number; max: number }>()

  constructor(private readonly capacity = 20_000) {}

  record(entry: LoggedRequest, nowMs: number): void {
    this.entries.push(entry)
    if (this.entries.length > this.capacity) this.entries.splice(0, this.entries.length - this.capacity)
    const second = Math.floor(nowMs / 1000)
    const m = this.perSecond.get(entry.operation) ?? { second, count: 0, max: 0 }
    if (m.second !== second) {
      m.second = second
      m.count = 0
    }
    m.count++
    if (m.count > m.max) m.max = m.count
    this.perSecond.set(entry.operation, m)
  }

  list(filter: { operation?: string; since?: string; limit?: number } = {}): LoggedRequest[] {
    let out = this.entries
    if (filter.operation) out = out.filter((e) => e.operation === filter.operation)
    if (filter.since) out = out.filter((e) => e.at > filter.since!)
    if (filter.limit) out = out.slice(-filter.limit)
    return out
  }

  /** Calls started in the busiest wall-clock second seen, per operation. */
  maxPerSecond(): Record<string, number> {
    const out: Record<string, number> = {}
    for (const [op, m] of this.perSecond) out[op] = m.max
    return out
  }

  clear(): void {
    this.entries = []
    this.perSecond.clear()
  }
}
