import { z } from "zod"
import type { SandboxContext } from "./context"
import { FAULT_KINDS } from "./faults"
import { error, type SandboxRequest, type SandboxResponse } from "./http-kit"
import { ACCESS_TOKEN_SECONDS } from "./access-tokens"

/**
 * The sandbox's control interface under /_sandbox (documented in the package README). Service-specific
 * controls (pay an order, pay a payment request) are registered by each service module.
 */
export function registerControl(ctx: SandboxContext, resetAll: () => void): void {
  const r = ctx.router
  r.add("GET", "/_sandbox/health", "control.health", () => ({ status: 200, json: { ok: true } }))

  r.add("POST", "/_sandbox/reset", "control.reset", () => {
    resetAll()
    return { status: 204 }
  })

  r.add("POST", "/_sandbox/faults", "control.addFault", (req) =>
    withBody(req, FaultBody, (b) => {
      // A misspelt operation would wait forever for a call that never comes.
      const known = ctx.router.serviceOperations()
      if (b.operation !== "*" && !known.includes(b.operation)) {
        return error(req.traceId, 400, "ERR_1100_004", `operation: unknown operation; known: *, ${known.join(", ")}`)
      }
      ctx.faults.add(b.operation, b.kind, b.count)
      return { status: 201, json: { pending: ctx.faults.pending() } }
    })
  )
  r.add("DELETE", "/_sandbox/faults", "control.clearFaults", () => {
    ctx.faults.clear()
    return { status: 204 }
  })
  r.add("GET", "/_sandbox/faults", "control.listFaults", () => ({
    status: 200,
    json: { pending: ctx.faults.pending() },
  }))

  r.add("POST", "/_sandbox/deliveries/behaviour", "control.deliveryBehaviour", (req) =>
    withBody(req, DeliveryBehaviourBody, (b) => {
      ctx.deliveries.setBehaviour(b.mode, b.count, { delayMs: b.delayMs, times: b.times })
      return { status: 201, json: { ok: true } }
    })
  )
  r.add("POST", "/_sandbox/deliveries/release", "control.releaseDeliveries", () => {
    ctx.deliveries.releaseHeld()
    return { status: 204 }
  })
  r.add("DELETE", "/_sandbox/deliveries", "control.clearDeliveries", () => {
    ctx.deliveries.reset()
    return { status: 204 }
  })
  r.add("GET", "/_sandbox/deliveries", "control.listDeliveries", (req) => {
    const kind = req.query.get("kind") ?? undefined
    return { status: 200, json: { deliveries: ctx.deliveries.list(kind as never) } }
  })

  r.add("GET", "/_sandbox/requests", "control.listRequests", (req) => {
    const limit = Number(req.query.get("limit") ?? "") || undefined
    return {
      status: 200,
      json: {
        requests: ctx.log.list({
          operation: req.query.get("operation") ?? undefined,
          since: req.query.get("since") ?? undefined,
          limit,
        }),
      },
    }
  })
  r.add("DELETE", "/_sandbox/requests", "control.clearRequests", () => {
    ctx.log.clear()
    return { status: 204 }
  })
  r.add("GET", "/_sandbox/stats", "control.stats", () => ({
    status: 200,
    json: {
      maxPerSecond: ctx.log.maxPerSecond(),
      settings: { getOrderRateLimitPerSecond: ctx.options.getOrderRateLimitPerSecond },
      now: new Date(ctx.now()).toISOString(),
    },
  }))

  r.add("POST", "/_sandbox/clock", "control.clock", (req) =>
    withBody(req, ClockBody, (b) => {
      ctx.advanceClock(b.advanceSeconds * 1000)
      return { status: 200, json: { now: new Date(ctx.now()).toISOString() } }
    })
  )

  r.add("POST", "/_sandbox/settings", "control.settings", (req) =>
    withBody(req, SettingsBody, (b) => {
      if (b.getOrderRateLimitPerSecond !== undefined) {
        ctx.options.getOrderRateLimitPerSecond = b.getOrderRateLimitPerSecond
      }
      return { status: 200, json: { getOrderRateLimitPerSecond: ctx.options.getOrderRateLimitPerSecond } }
    })
  )

  // Mints a token as if a holder had consented, for tests that are not about the consent page.
  r.add("POST", "/_sandbox/oauth/tokens", "control.issueToken", (req) =>
    withBody(req, IssueTokenBody, (b) => {
      const g = ctx.tokens.issue({
        clientId: b.clientId,
        scopes: b.scope.split(/[\s+]+/).filter(Boolean),
        accountNumber: b.accountNumber,
      })
      return {
        status: 201,
        json: {
          access_token: g.accessToken,
          refresh_token: g.refreshToken,
          token_type: "Bearer",
          expires_in: ACCESS_TOKEN_SECONDS,
          scope: g.scopes.join(" "),
        },
      }
    })
  )
  r.add("POST", "/_sandbox/oauth/tokens/expire", "control.expireToken", (req) =>
    withBody(req, ExpireTokenBody, (b) =>
      ctx.tokens.expire(b.access_token)
        ? { status: 204 }
        : error(req.traceId, 404, "TOKEN_NOT_FOUND", "no such access token")
    )
  )
}

const FaultBody = z.strictObject({
  operation: z.string().min(1),
  kind: z.enum(FAULT_KINDS),
  count: z.number().int().min(1).max(10_000).default(1),
})
const DeliveryBehaviourBody = z.strictObject({
  mode: z.enum(["fail", "repeat", "late", "reorder"]),
  count: z.number().int().min(1).max(10_000).default(1),
  delayMs: z.number().int().min(0).max(600_000).optional(),
  times: z.number().int().min(2).max(10).optional(),
})
const ClockBody = z.strictObject({ advanceSeconds: z.number().int().min(0) })
const SettingsBody = z.strictObject({ getOrderRateLimitPerSecond: z.number().int().min(0).optional() })
const IssueTokenBody = z.strictObject({
  scope: z.string().min(1),
  clientId: z.string().min(1).default("TPP_test"),
  accountNumber: z.string().optional(),
})
const ExpireTokenBody = z.strictObject({ access_token: z.string().min(1) })

/** Validates a control body; bad input answers 400 with the error shape of the services. */
export function withBody<S extends z.ZodType>(
  req: SandboxRequest,
  schema: S,
  fn: (b: z.output<S>) => SandboxResponse | Promise<SandboxResponse>
): SandboxResponse | Promise<SandboxResponse> {
  const parsed = schema.safeParse(req.body ?? {})
  if (!parsed.success) {
    const i = parsed.error.issues[0]
    return error(req.traceId, 400, "ERR_1100_004", `${i.path.join(".") || "body"}: ${i.message}`)
  }
  return fn(parsed.data)
}
