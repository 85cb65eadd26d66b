import { randomUUID } from "node:crypto"
import { request } from "undici"

/**
 * Outgoing webhooks (Fast Checkout) and notifications (payment requests v2). Delivery is best effort
 * with at most three attempts and backoff, like the services'. Tests can make the next deliveries fail
 * outright (lost), repeat, arrive late, or arrive in reverse order, and read every attempt.
 */
export type DeliveryKind = "fastCheckout.webhook" | "paymentRequests.notification" | "paymentRequestsV1.notification"

export type DeliveryMode = "fail" | "repeat" | "late" | "reorder"

export interface DeliveryAttempt {
  at: string
  status?: number
  error?: string
  /** From sending the request to the receiver's answer (or the error), in ms. */
  durationMs?: number
}

export interface Delivery {
  id: string
  kind: DeliveryKind
  url: string
  body: unknown
  createdAt: string
  state: "pending" | "held" | "delivered" | "failed"
  /** Which behaviour applied, if any. */
  mode?: DeliveryMode
  attempts: DeliveryAttempt[]
}

interface Behaviour {
  mode: DeliveryMode
  remaining: number
  /** late: delay before the first attempt. */
  delayMs: number
  /** repeat: how many times the body is sent in all. */
  times: number
}

export const MAX_DELIVERY_ATTEMPTS = 3

export class DeliveryService {
  private readonly log: Delivery[] = []
  private behaviours: Behaviour[] = []
  private held: Delivery[] = []
  private heldTarget = 0
  private timers = new Set<NodeJS.Timeout>()
  private closed = false

  constructor(
    private readonly backoffMs: number,
    private readonly timeoutMs: number,
    private readonly capacity = 10_000
  ) {}

  setBehaviour(mode: DeliveryMode, count: number, opts: { delayMs?: number; times?: number } = {}): void {
    this.behaviours.push({ mode, remaining: count, delayMs: opts.delayMs ?? 2_000, times: opts.times ?? 2 })
    if (mode === "reorder") this.heldTarget += count
  }

  list(kind?: DeliveryKind): Delivery[] {
    return kind ? this.log.filter((d) => d.kind === kind) : [...this.log]
  }

  /** Queues a delivery and returns at once; attempts happen in the background. */
  deliver(kind: DeliveryKind, url: string, body: unknown): Delivery {
    const d: Delivery = {
      id: randomUUID(),
      kind,
      url,
      body,
      createdAt: new Date().toISOString(),
      state: "pending",
      attempts: [],
    }
    this.log.push(d)
    if (this.log.length > this.capacity) this.log.splice(0, this.log.length - this.capacity)

    const b = this.behaviours.find((x) => x.remaining > 0)
    if (b) {
      b.remaining--
      this.behaviours = this.behaviours.filter((x) => x.remaining > 0)
      d.mode = b.mode
    }
    switch (b?.mode) {
      case "fail":
        // Lost: every attempt fails as if the receiver could not be reached.
        for (let i = 0; i < MAX_DELIVERY_ATTEMPTS; i++) {
          d.attempts.push({ at: new Date().toISOString(), error: "dropped by sandbox control (mode fail)" })
        }
        d.state = "failed"
        break
      case "repeat":
        for (let i = 0; i < b.times; i++) this.later(0, () => this.attempt(d, 0))
        break
      case "late":
        this.later(b.delayMs, () => this.attempt(d, 0))
        break
      case "reorder":
        d.state = "held"
        this.held.push(d)
        if (this.held.length >= this.heldTarget) this.releaseHeld()
        break
      default:
        this.later(0, () => this.attempt(d, 0))
    }
    return d
  }

  /** Sends held (reorder) deliveries now, newest first. */
  releaseHeld(): void {
    const batch = this.held.reverse()
    this.held = []
    this.heldTarget = 0
    batch.forEach((d, i) => {
      d.state = "pending"
      this.later(i * 50, () => this.attempt(d, 0))
    })
  }

  /** Resolves when no delivery is pending (held ones excepted). */
  async idle(timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs
    while (this.log.some((d) => d.state === "pending") && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 20))
    }
  }

  reset(): void {
    this.behaviours = []
    this.held = []
    this.heldTarget = 0
    this.log.length = 0
  }

  close(): void {
    this.closed = true
    for (const t of this.timers) clearTimeout(t)
    this.timers.clear()
  }

  private later(ms: number, fn: () => Promise<void>): void {
    if (this.closed) return
    const t = setTimeout(() => {
      this.timers.delete(t)
      void fn()
    }, ms)
    this.timers.add(t)
  }

  private async attempt(d: Delivery, n: number): Promise<void> {
    if (this.closed) return
    const at = new Date().toISOString()
    const started = performance.now()
    const durationMs = () => Math.round((performance.now() - started) * 10) / 10
    try {
      const res = await request(d.url, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": "tikkie-sandbox" },
        body: JSON.stringify(d.body),
        signal: AbortSignal.timeout(this.timeoutMs),
      })
      await res.body.dump()
      d.attempts.push({ at, status: res.statusCode, durationMs: durationMs() })
      if (res.statusCode >= 200 && res.statusCode < 300) {
        d.state = "delivered"
        return
      }
    } catch (e) {
      d.attempts.push({ at, error: e instanceof Error ? e.message : String(e), durationMs: durationMs() })
    }
    if (n + 1 >= MAX_DELIVERY_ATTEMPTS) {
      if (d.state !== "delivered") d.state = "failed"
      return
    }
    this.later(this.backoffMs * 2 ** n, () => this.attempt(d, n + 1))
  }
}
