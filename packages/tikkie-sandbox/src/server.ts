import { timingSafeEqual } from "node:crypto"
import http, { type IncomingMessage, type ServerResponse } from "node:http"
import https from "node:https"
import type { AddressInfo } from "node:net"
import type { TLSSocket } from "node:tls"
import { AccessTokenStore } from "./access-tokens"
import type { ResolvedSandboxOptions, SandboxContext, SandboxOptions, SandboxService } from "./context"
import { registerControl } from "./control"
import { SandboxPayouts } from "./payouts"
import { DeliveryService } from "./deliveries"
import { FaultInjector, isAfterFault } from "./faults"
import { error, newTraceId, send, type SandboxRequest, type SandboxResponse } from "./http-kit"
import { parseBody, readBody } from "./request-body"
import { RequestLog } from "./request-log"
import { Router } from "./router"
import { type PersistedPart, SandboxStateFile } from "./state-file"
import { registerAccountInformation } from "./account-information"
import { registerFastCheckout } from "./fast-checkout"
import { registerPaymentRequestsV1 } from "./payment-requests-v1"
import { registerPaymentRequestsV2 } from "./payment-requests-v2"

export const DEFAULT_SANDBOX_PORT = 4010

export interface RunningSandbox {
  /** Base URL, e.g. http://127.0.0.1:4010 (no trailing slash). */
  url: string
  port: number
  context: SandboxContext
  close(): Promise<void>
}

const SERVICES: SandboxService[] = [
  registerFastCheckout,
  registerPaymentRequestsV1,
  registerPaymentRequestsV2,
  registerAccountInformation,
]

export function resolveSandboxOptions(o: SandboxOptions = {}): ResolvedSandboxOptions {
  return {
    port: o.port ?? DEFAULT_SANDBOX_PORT,
    host: o.host ?? "127.0.0.1",
    seed: o.seed ?? 1,
    deliveryBackoffMs: o.deliveryBackoffMs ?? 500,
    deliveryTimeoutMs: o.deliveryTimeoutMs ?? 5_000,
    getOrderRateLimitPerSecond: o.getOrderRateLimitPerSecond ?? 250,
    v1MaxPlatformsPerClient: o.v1MaxPlatformsPerClient ?? 5,
    v1MaxUsersPerPlatform: o.v1MaxUsersPerPlatform ?? 10,
    tls: o.tls,
    publicUrl: o.publicUrl,
    stateFile: o.stateFile,
    controlToken: o.controlToken || undefined,
  }
}

/** Starts the sandbox: one HTTP(S) server for all three services plus the /_sandbox control interface. */
export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const options = resolveSandboxOptions(opts)
  let clockOffset = 0
  const resets: Array<() => void> = []
  const closers: Array<() => void> = []
  const now = () => Date.now() + clockOffset
  const router = new Router()
  const parts = new Map<string, PersistedPart>()
  const ctx: SandboxContext = {
    options,
    now,
    advanceClock: (ms) => {
      clockOffset += ms
    },
    faults: new FaultInjector(),
    deliveries: new DeliveryService(options.deliveryBackoffMs, options.deliveryTimeoutMs),
    log: new RequestLog(),
    tokens: new AccessTokenStore(now),
    router,
    onReset: (fn) => resets.push(fn),
    onClose: (fn) => closers.push(fn),
    persist: (name, part) => parts.set(name, part),
    payouts: new SandboxPayouts(),
  }
  ctx.onReset(() => {
    clockOffset = 0
    ctx.faults.clear()
    ctx.deliveries.reset()
    ctx.log.clear()
    ctx.tokens.reset()
  })
  ctx.persist("accessTokens", { save: () => ctx.tokens.snapshot(), load: (d) => ctx.tokens.restore(d) })
  for (const register of SERVICES) register(ctx)
  registerControl(ctx, () => resets.forEach((fn) => fn()))
  const stateFile = options.stateFile
    ? new SandboxStateFile(options.stateFile, parts, {
        offset: () => clockOffset,
        setOffset: (ms) => {
          clockOffset = ms
        },
      })
    : undefined
  stateFile?.load()

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    void handle(ctx, req, res, stateFile)
  }
  const server = options.tls
    ? https.createServer(
        {
          cert: options.tls.cert,
          key: options.tls.key,
          ca: options.tls.clientCa,
          requestCert: true,
          // The certificate is checked per endpoint: only the token endpoint demands one.
          rejectUnauthorized: false,
        },
        handler
      )
    : http.createServer(handler)
  server.keepAliveTimeout = 5_000
  // Hanging requests (fault injection) must not keep close() waiting.
  const sockets = new Set<import("node:net").Socket>()
  server.on("connection", (s) => {
    sockets.add(s)
    s.on("close", () => sockets.delete(s))
  })
  server.on("secureConnection", (s) => {
    sockets.add(s)
    s.on("close", () => sockets.delete(s))
  })

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(options.port, options.host, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  const host = options.host.includes(":") ? `[${options.host}]` : options.host
  const url = `${options.tls ? "https" : "http"}://${host}:${port}`
  ;(ctx.options as { publicUrl?: string }).publicUrl = options.publicUrl ?? url

  return {
    url,
    port,
    context: ctx,
    close: async () => {
      stateFile?.save()
      ctx.deliveries.close()
      for (const fn of closers) fn()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const s of sockets) s.destroy()
      })
    },
  }
}

/** A 500 in the service's own code: payment requests v2 answers INTERNAL_SERVER_ERROR (its public list), the others ERR_8100_001. */
function serverError(traceId: string, operation: string, message: string): SandboxResponse {
  return operation.startsWith("paymentRequestsV2.")
    ? error(traceId, 500, "INTERNAL_SERVER_ERROR", message)
    : error(traceId, 500, "ERR_8100_001", message)
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/

/** The /_sandbox control routes: calls from this machine, or with the control token when one is set. */
function controlAllowed(ctx: SandboxContext, req: IncomingMessage): boolean {
  if (LOOPBACK.test(req.socket.remoteAddress ?? "")) return true
  const expected = ctx.options.controlToken
  const given = req.headers["x-sandbox-control-token"]
  if (!expected || typeof given !== "string") return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Credentials the sandbox does not know: after a restart without a state file, the likely cause. */
const UNKNOWN_CREDENTIAL_CODES = new Set(["ERR_4100_005", "APP_TOKEN_INVALID", "ERR_2002_002"])
export const RESTART_HINT =
  " (this sandbox keeps no state file: credentials it issued before it was restarted are gone; start it with --state-file FILE to keep them)"

function withRestartHint(out: SandboxResponse): SandboxResponse {
  if (out.status !== 401) return out
  const errors = (out.json as { errors?: Array<{ code?: string; message?: string }> } | undefined)?.errors
  for (const e of errors ?? []) {
    if (e.code && UNKNOWN_CREDENTIAL_CODES.has(e.code) && e.message && !/missing/i.test(e.message))
      e.message += RESTART_HINT
  }
  return out
}

async function handle(
  ctx: SandboxContext,
  req: IncomingMessage,
  res: ServerResponse,
  stateFile?: SandboxStateFile
): Promise<void> {
  const started = performance.now()
  const traceId = newTraceId()
  const url = new URL(req.url ?? "/", "http://sandbox.local")
  const method = (req.method ?? "GET").toUpperCase()
  let operation = "unknown"
  let out: SandboxResponse
  try {
    const { rawBody, tooLarge } = await readBody(req)
    const matched = ctx.router.match(method, url.pathname)
    if (!("route" in matched)) {
      out = error(traceId, 400, "ERR_1100_007", `operation not found: ${method} ${url.pathname}`)
    } else if (url.pathname.startsWith("/_sandbox/") && !controlAllowed(ctx, req)) {
      operation = matched.route.operation
      out = error(
        traceId,
        403,
        "SANDBOX_CONTROL_FORBIDDEN",
        "the /_sandbox control interface answers calls from the machine the sandbox runs on, or with the X-Sandbox-Control-Token header"
      )
    } else if (tooLarge) {
      operation = matched.route.operation
      out = error(traceId, 400, "ERR_1100_004", "request body too large")
    } else {
      operation = matched.route.operation
      const fault = ctx.faults.take(operation)
      if (fault === "hang") {
        out = { status: 0, hang: true }
      } else if (fault === "503") {
        out = error(traceId, 503, "ERR_9100_011", "service unavailable (sandbox fault injection)")
      } else if (fault === "429") {
        out = {
          ...error(traceId, 429, "TOO_MANY_REQUESTS", "too many requests (sandbox fault injection)"),
          headers: { "retry-after": "1" },
        }
      } else if (fault === "500") {
        out = serverError(traceId, operation, "unknown backend error (sandbox fault injection)")
      } else {
        const sreq: SandboxRequest = {
          method,
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          params: matched.params,
          body: parseBody(rawBody, req.headers["content-type"]),
          rawBody,
          baseUrl: ctx.options.publicUrl ?? `http://${req.headers.host}`,
          traceId,
          clientCertificateAuthorized: Boolean((req.socket as TLSSocket).authorized),
          raw: req,
        }
        out = await matched.route.handler(sreq)
        if (!stateFile) out = withRestartHint(out)
        if (stateFile && method !== "GET" && method !== "HEAD") stateFile.save()
        // Carried out (and kept); now the answer is lost on its way back.
        if (fault === "drop-after") out = { status: 0, drop: true }
        else if (fault === "hang-after") out = { status: 0, hang: true }
        else if (isAfterFault(fault))
          out = serverError(traceId, operation, "unknown backend error (sandbox fault injection)")
      }
    }
  } catch (e) {
    // Bad input must never crash the sandbox; an unexpected throw is the service's 500.
    out = serverError(traceId, operation, `unknown backend error: ${e instanceof Error ? e.message : String(e)}`)
  }
  ctx.log.record(
    {
      at: new Date(ctx.now()).toISOString(),
      method,
      path: url.pathname,
      operation,
      status: out.hang || out.drop ? 0 : out.status,
      traceId,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
    },
    Date.now()
  )
  send(res, traceId, out)
}
