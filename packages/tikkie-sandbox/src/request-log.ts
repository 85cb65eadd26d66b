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
  /**
   * The last `capacity` entries in a ring: once full, the oldest slot is overwritten. (Dropping the
   * oldest with `splice(0, 1)` moved all 20,000 entries on every request, about 0.1 ms each, which
   * capped the sandbox's throughput once a benchmark or a long demo had filled the log.)
   */
  private ring: LoggedRequest[] = []
  /** Index of the oldest entry once the ring is full. */
  private oldest = 0
  /** operation -> (second -> count), for the highest observed rate per second. */
  private readonly perSecond = new Map<string, { second: number; count: number; max: number }>()

  constructor(private readonly capacity = 20_000) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError("capacity must be a positive integer")
  }

  record(entry: LoggedRequest, nowMs: number): void {
    if (this.ring.length < this.capacity) {
      this.ring.push(entry)
    } else {
      this.ring[this.oldest] = entry
      this.oldest = (this.oldest + 1) % this.capacity
    }
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

  /** Oldest first. */
  list(filter: { operation?: string; since?: string; limit?: number } = {}): LoggedRequest[] {
    let out =
      this.oldest === 0 ? this.ring.slice() : this.ring.slice(this.oldest).concat(this.ring.slice(0, this.oldest))
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
    this.ring = []
    this.oldest = 0
    this.perSecond.clear()
  }
}
