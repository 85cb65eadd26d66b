import { generateEntityId } from "@medusajs/framework/utils"
import type { TikkieCallEnd, TikkieCallObserver, TikkieCallWatch } from "tikkie-client/core/observer"
import type { RunSql } from "./rate-window-sql"

export const HEALTH_KEYS = ["fast_checkout", "payment_requests_v2", "payment_requests_v1", "bank"] as const
export type HealthKey = (typeof HEALTH_KEYS)[number]
export type PollKey = "poll:fast_checkout" | "poll:payment_requests"

/** A steady state is written again at most this often per process and key. */
export const NOTE_EVERY_MS = 30_000

/** 403s that are a business answer (refund, platform not allowed): the credentials were taken. */
const BUSINESS_403 = new Set([
  "PAYMENT_REQUEST_FORBIDDEN",
  "REFUND_FORBIDDEN",
  "BUNDLED_PAYOUT_NOT_ENABLED",
  "ERR_3100_001",
  "ERR_3100_002",
])

export type CallSignal = "ok" | "refused" | "failed"

/** Refused (401, a 403 about access, no token), failed (no answer, 5xx, 429 after retries), or ok (any other answer). */
export function callSignal(end: Pick<TikkieCallEnd, "ok" | "status" | "code">): CallSignal {
  if (end.ok) return "ok"
  if (end.status === 401 || (end.status === 403 && !BUSINESS_403.has(end.code ?? ""))) return "refused"
  // No token to send (v1), or the bank's token endpoint refusing the client or the consent's grant.
  if (end.code === "ACCESS_TOKEN_UNAVAILABLE" || end.code === "invalid_grant" || end.code === "invalid_client")
    return "refused"
  if (end.status === undefined || end.status >= 500 || end.status === 429) return "failed"
  return "ok"
}

const COLUMNS = {
  ok: ["last_ok_at"],
  refused: ["last_refused_at", "refused_code", "refused_status"],
  failed: ["last_failed_at", "failed_code"],
  webhook: ["last_webhook_at"],
  poll: ["poll_run_at"],
} as const
type MarkKind = keyof typeof COLUMNS

/** One upsert of a mark; a time never goes back (another instance may write later). */
export async function writeHealthMark(
  run: RunSql,
  key: HealthKey | PollKey,
  kind: MarkKind,
  at: Date,
  detail: { code?: string; status?: number } = {}
): Promise<void> {
  const cols: readonly string[] = COLUMNS[kind]
  const values = [at, detail.code ?? null, detail.status ?? null].slice(0, cols.length)
  const [timeCol] = cols
  const sets = cols.map((c, i) =>
    i === 0
      ? `${c} = greatest(tikkie_health_mark.${c}, excluded.${c})`
      : `${c} = case when tikkie_health_mark.${timeCol} > excluded.${timeCol} then tikkie_health_mark.${c} else excluded.${c} end`
  )
  await run(
    `insert into tikkie_health_mark (id, key, ${cols.join(", ")}, created_at, updated_at)
     values (?, ?, ${cols.map(() => "?").join(", ")}, now(), now())
     on conflict (key) where deleted_at is null
     do update set ${sets.join(", ")}, updated_at = now()`,
    [generateEntityId(undefined, "tkhm"), key, ...values]
  )
}

/**
 * Call ends and webhooks as marks, never a write per call: written when the state changes (ok → refused,
 * another code), else at most once every NOTE_EVERY_MS; a call costs a Map lookup and a clock read. The
 * throttle is this recorder's (one per provider, one in the module's service); the marks are shared rows.
 */
export class CallHealthRecorder {
  private readonly states = new Map<string, string>()
  private readonly written = new Map<string, number>()

  constructor(private readonly sql: () => RunSql | undefined) {}

  observer(key: HealthKey): TikkieCallObserver {
    const watch: TikkieCallWatch = { end: (end) => this.noteCall(key, end) }
    return { start: () => watch }
  }

  noteCall(key: HealthKey, end: Pick<TikkieCallEnd, "ok" | "status" | "code">): void {
    const signal = callSignal(end)
    const state = signal === "ok" ? "ok" : `${signal}:${end.code ?? end.status ?? ""}`
    this.note(key, signal, key, state, { code: end.code, status: end.status })
  }

  noteWebhook(key: HealthKey): void {
    this.note(key, "webhook", `${key}:webhook`, "received")
  }

  private note(
    key: HealthKey,
    kind: MarkKind,
    stateKey: string,
    state: string,
    detail?: { code?: string; status?: number }
  ): void {
    const now = Date.now()
    const slot = `${key}:${kind}`
    const changed = this.states.get(stateKey) !== state
    this.states.set(stateKey, state)
    const last = this.written.get(slot)
    if (!changed && last !== undefined && now - last < NOTE_EVERY_MS) return
    this.written.set(slot, now)
    const run = this.sql()
    if (!run) return
    writeHealthMark(run, key, kind, new Date(now), detail).catch(() => {
      this.written.delete(slot)
      this.states.delete(stateKey)
    })
  }
}
