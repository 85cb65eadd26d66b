import { Agent, type Dispatcher, request } from "undici"
import type { Delivery, DeliveryKind, DeliveryMode } from "./deliveries"
import type { FaultKind } from "./faults"
import type { LoggedRequest } from "./request-log"

/**
 * Typed access to the sandbox's /_sandbox control interface over HTTP, for tests, benchmarks and
 * shop developers' own scripts. Service-specific controls (pay an order, pay a request) are thin
 * `post` calls documented in the package README.
 */
export class SandboxControl {
  private readonly dispatcher: Dispatcher

  /** `controlToken`: the sandbox's, when it runs on another machine (X-Sandbox-Control-Token). */
  constructor(
    readonly baseUrl: string,
    dispatcher?: Dispatcher,
    private readonly options: { controlToken?: string } = {}
  ) {
    this.dispatcher = dispatcher ?? new Agent({ connect: { rejectUnauthorized: false } })
  }

  async post<T = unknown>(path: string, body?: unknown): Promise<T> {
    return this.call<T>("POST", path, body)
  }

  async get<T = unknown>(path: string): Promise<T> {
    return this.call<T>("GET", path)
  }

  reset(): Promise<void> {
    return this.post("/_sandbox/reset")
  }

  injectFault(operation: string, kind: FaultKind, count = 1): Promise<unknown> {
    return this.post("/_sandbox/faults", { operation, kind, count })
  }

  clearFaults(): Promise<void> {
    return this.call("DELETE", "/_sandbox/faults")
  }

  clearDeliveries(): Promise<void> {
    return this.call("DELETE", "/_sandbox/deliveries")
  }

  clearRequests(): Promise<void> {
    return this.call("DELETE", "/_sandbox/requests")
  }

  setDeliveryBehaviour(mode: DeliveryMode, count = 1, opts: { delayMs?: number; times?: number } = {}) {
    return this.post("/_sandbox/deliveries/behaviour", { mode, count, ...opts })
  }

  async deliveries(kind?: DeliveryKind): Promise<Delivery[]> {
    const q = kind ? `?kind=${encodeURIComponent(kind)}` : ""
    return (await this.get<{ deliveries: Delivery[] }>(`/_sandbox/deliveries${q}`)).deliveries
  }

  async requests(operation?: string): Promise<LoggedRequest[]> {
    const q = operation ? `?operation=${encodeURIComponent(operation)}` : ""
    return (await this.get<{ requests: LoggedRequest[] }>(`/_sandbox/requests${q}`)).requests
  }

  async maxPerSecond(): Promise<Record<string, number>> {
    return (await this.get<{ maxPerSecond: Record<string, number> }>("/_sandbox/stats")).maxPerSecond
  }

  advanceClock(advanceSeconds: number): Promise<unknown> {
    return this.post("/_sandbox/clock", { advanceSeconds })
  }

  issueToken(scope: string, accountNumber?: string) {
    return this.post<{ access_token: string; refresh_token: string; expires_in: number }>("/_sandbox/oauth/tokens", {
      scope,
      accountNumber,
    })
  }

  async close(): Promise<void> {
    await this.dispatcher.close()
  }

  private async call<T>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<T> {
    const res = await request(this.baseUrl + path, {
      method,
      dispatcher: this.dispatcher,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(this.options.controlToken ? { "x-sandbox-control-token": this.options.controlToken } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.body.text()
    if (res.statusCode >= 400) throw new Error(`sandbox control ${method} ${path} answered ${res.statusCode}: ${text}`)
    return (text ? JSON.parse(text) : undefined) as T
  }
}
