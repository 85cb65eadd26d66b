import type { AccessTokenStore } from "./access-tokens"
import type { DeliveryService } from "./deliveries"
import type { FaultInjector } from "./faults"
import type { RequestLog } from "./request-log"
import type { Router } from "./router"
import type { PersistedPart } from "./state-file"
import type { SandboxPayouts } from "./payouts"

export interface SandboxOptions {
  /** 0 picks a free port. Default 4010. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /** Seed of generated data (account transactions): the same seed gives the same data. */
  seed?: number
  /**
   * Serve HTTPS and ask for a client certificate. The token endpoint then requires a certificate
   * signed by `clientCa` (mutual TLS); other endpoints do not.
   */
  tls?: { cert: string | Buffer; key: string | Buffer; clientCa: string | Buffer }
  /** First retry delay of webhook and notification deliveries (doubles per attempt). Default 500 ms. */
  deliveryBackoffMs?: number
  /** Timeout of one delivery attempt. Default 5,000 ms. */
  deliveryTimeoutMs?: number
  /** GET order calls allowed per second per merchant; 0 switches the limit off. Default 250. */
  getOrderRateLimitPerSecond?: number
  /** Legacy v1: platforms one API key may create. Default 5. */
  v1MaxPlatformsPerClient?: number
  /** Legacy v1: users one platform may enrol. Default 10. */
  v1MaxUsersPerPlatform?: number
  /** Base URL put into checkout, payment and consent page links; default the address it listens on. */
  publicUrl?: string
  /**
   * Keep the state in this file (JSON), read at start and written after every change, so a restart
   * keeps the credentials a store was configured with. Default: memory only.
   */
  stateFile?: string
  /**
   * The /_sandbox control routes answer calls from this machine (loopback) only, or calls that send this
   * value in the X-Sandbox-Control-Token header. Default: none (loopback only).
   */
  controlToken?: string
}

export type ResolvedSandboxOptions = Required<
  Omit<SandboxOptions, "tls" | "publicUrl" | "stateFile" | "controlToken">
> &
  Pick<SandboxOptions, "tls" | "publicUrl" | "stateFile" | "controlToken">

/** What every service module of the sandbox gets. */
export interface SandboxContext {
  options: ResolvedSandboxOptions
  /** Sandbox time in ms: the wall clock plus any offset set through the control interface. */
  now(): number
  /** Moves sandbox time forward (expiry tests). */
  advanceClock(ms: number): void
  faults: FaultInjector
  deliveries: DeliveryService
  log: RequestLog
  tokens: AccessTokenStore
  router: Router
  /** Registers cleanup (timers) to run when the sandbox closes. */
  onClose(fn: () => void): void
  /** Registers state to clear on `POST /_sandbox/reset`. */
  onReset(fn: () => void): void
  /** Registers state to keep in the state file (when the sandbox has one), under a name of its own. */
  persist(name: string, part: PersistedPart): void
  /** The money each service took, for the payouts control (payouts.ts). */
  payouts: SandboxPayouts
}

/** A service module: registers its routes (including its own /_sandbox control routes). */
export type SandboxService = (ctx: SandboxContext) => void
