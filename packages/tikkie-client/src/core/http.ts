import { EventEmitter } from "node:events"
import { Agent, type Dispatcher, errors as undiciErrors } from "undici"
import type { z } from "zod"
import { TikkieError, type TikkieErrorDetail } from "./errors"
import { redact } from "./redact"
import { parsePlainBase, type PlainBase, requestTarget } from "./request-target"
import { backoffDelayMs, DEFAULT_RETRY_POLICY, type RetryPolicy, sleep } from "./retry"
import type { RateLimiter } from "./rate-limiter"
import { safely, type TikkieCallObserver, type TikkieCallWatch } from "./observer"

/** Where a client sends its calls and how patient it is. Shared by the three service clients. */
export interface TransportOptions {
  /** Base URL of the service, e.g. https://api-sandbox.abnamro.com or the local sandbox's URL. */
  baseUrl: string
  /** An undici dispatcher; by default one keep-alive Agent per transport (pass one in to share a pool). */
  dispatcher?: Dispatcher
  /** TCP (and TLS) connect timeout. */
  connectTimeoutMs?: number
  /** Upper bound on one attempt, from sending to the last byte of the answer. */
  requestTimeoutMs?: number
  retry?: Partial<RetryPolicy>
  /** Receives one line per retry; never receives a credential. */
  logger?: { warn(message: string): void; debug?(message: string): void }
  /** Told about every call and attempt (observer.ts); its errors are ignored. */
  observer?: TikkieCallObserver
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000
export const DEFAULT_REQUEST_TIMEOUT_MS = 15_000

export interface TikkieRequest<T> {
  /** Name of the operation, used in errors and logs ("fastCheckout.getOrder"). */
  operation: string
  method: "GET" | "POST" | "DELETE"
  path: string
  query?: Record<string, string | number | boolean | undefined>
  headers?: Record<string, string | undefined>
  /** JSON body. */
  json?: unknown
  /** application/x-www-form-urlencoded body (OAuth token endpoint). */
  form?: Record<string, string | undefined>
  /** Schema of a 2xx body. A blank body is passed to it as `undefined`. */
  response: z.ZodType<T>
  /** Values to keep out of every error and log line. */
  secrets: ReadonlyArray<string | undefined>
  /**
   * Taken before every attempt, retries included (each one is a call the service counts); told to hold
   * the rest of the second when the service answers 429.
   */
  rateLimiter?: RateLimiter
  /** Per-call dispatcher, e.g. the mutual-TLS agent of the token endpoint. */
  dispatcher?: Dispatcher
}

export interface TikkieResponse<T> {
  status: number
  traceId?: string
  data: T
}

/** Connection failures that prove the request was never written to the service. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
])

export class TikkieTransport {
  readonly baseUrl: string
  /** The base URL split once, when it is a plain http(s) origin with an optional path prefix. */
  private readonly base?: PlainBase
  private readonly dispatcher: Dispatcher
  private readonly ownsDispatcher: boolean
  private readonly requestTimeoutMs: number
  private readonly retry: RetryPolicy
  private readonly logger?: TransportOptions["logger"]
  private readonly observer?: TikkieCallObserver

  constructor(options: TransportOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "")
    this.base = parsePlainBase(this.baseUrl)
    this.ownsDispatcher = !options.dispatcher
    this.dispatcher =
      options.dispatcher ??
      new Agent({
        connect: { timeout: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS },
        keepAliveTimeout: 4_000,
        connections: 64,
      })
    this.requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS
    this.retry = { ...DEFAULT_RETRY_POLICY, ...options.retry }
    this.logger = options.logger
    this.observer = options.observer
  }

  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close()
  }

  async send<T>(req: TikkieRequest<T>): Promise<TikkieResponse<T>> {
    const startedAt = performance.now()
    let watch: TikkieCallWatch | undefined
    safely(() => {
      watch = this.observer?.start({ operation: req.operation, method: req.method }) ?? undefined
    })
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await this.observedAttempt(req, watch, attempt + 1)
        const durationMs = performance.now() - startedAt
        safely(() =>
          watch?.end?.({ ok: true, attempts: attempt + 1, status: res.status, durationMs, traceId: res.traceId })
        )
        return res
      } catch (e) {
        const err = e as TikkieError
        if (err instanceof TikkieError && err.status === 429) await this.holdRestOfSecond(req)
        if (attempt >= this.retry.retries || !isRetryable(req.method, err)) {
          const durationMs = performance.now() - startedAt
          safely(() =>
            watch?.end?.({
              ok: false,
              attempts: attempt + 1,
              status: err?.status,
              code: err?.code,
              durationMs,
              traceId: err?.traceId,
            })
          )
          throw err
        }
        const delay = backoffDelayMs(attempt, this.retry)
        this.logger?.warn(
          `Tikkie ${req.operation} attempt ${attempt + 1} failed (${err.code}${err.status ? ` ${err.status}` : ""}); retrying in ${delay} ms`
        )
        await sleep(delay)
      }
    }
  }

  /**
   * A 429 says the service's count for this second is full: the limiter holds its slots until the next
   * second, for this caller's retry and for everyone else sharing it. Also without a retry left: the
   * next caller would be refused all the same. A limiter that cannot hold (its store unreachable) does
   * not turn the 429 into another error.
   */
  private async holdRestOfSecond(req: TikkieRequest<unknown>): Promise<void> {
    if (!req.rateLimiter?.holdRestOfSecond) return
    try {
      await req.rateLimiter.holdRestOfSecond()
    } catch (e) {
      this.logger?.warn(
        `Tikkie ${req.operation}: holding the rate limiter after a 429 failed (${redact(e instanceof Error ? e.message : String(e), req.secrets)})`
      )
    }
  }

  private async observedAttempt<T>(
    req: TikkieRequest<T>,
    watch: TikkieCallWatch | undefined,
    attempt: number
  ): Promise<TikkieResponse<T>> {
    const queuedAt = performance.now()
    let sentAt = queuedAt
    try {
      if (req.rateLimiter) await req.rateLimiter.acquire()
      sentAt = performance.now()
      const res = await this.attempt(req)
      const durationMs = performance.now() - sentAt
      safely(() =>
        watch?.attempt?.({
          attempt,
          status: res.status,
          rateWaitMs: sentAt - queuedAt,
          durationMs,
          traceId: res.traceId,
        })
      )
      return res
    } catch (e) {
      const err = e as Partial<TikkieError>
      const durationMs = performance.now() - sentAt
      safely(() =>
        watch?.attempt?.({
          attempt,
          status: err?.status,
          code: err?.code,
          rateWaitMs: sentAt - queuedAt,
          durationMs,
          traceId: err?.traceId,
        })
      )
      throw e
    }
  }

  private async attempt<T>(req: TikkieRequest<T>): Promise<TikkieResponse<T>> {
    const headers: Record<string, string> = { accept: "application/json" }
    if (req.headers) {
      for (const k of Object.keys(req.headers)) {
        const v = req.headers[k]
        if (v !== undefined) headers[k] = v
      }
    }
    let body: string | undefined
    if (req.json !== undefined) {
      body = JSON.stringify(req.json)
      headers["content-type"] = "application/json"
    } else if (req.form) {
      const form = new URLSearchParams()
      for (const [k, v] of Object.entries(req.form)) if (v !== undefined) form.set(k, v)
      body = form.toString()
      headers["content-type"] = "application/x-www-form-urlencoded"
    } else if (req.method === "POST") {
      // The merchant and sandbox-app operations want an empty body with an explicit length.
      body = ""
    }

    let res: Dispatcher.ResponseData
    let text: string
    const deadline = new Deadline(this.requestTimeoutMs)
    try {
      const { origin, path } = requestTarget(this.baseUrl, this.base, req.path, req.query)
      // The dispatcher's own request(): what undici's top-level request(url) calls after parsing the
      // URL string, which requestTarget() has already split.
      res = await (req.dispatcher ?? this.dispatcher).request({
        origin,
        path,
        method: req.method,
        headers,
        body,
        signal: deadline,
      })
      text = await res.body.text()
    } catch (e) {
      throw networkError(req, e)
    } finally {
      deadline.clear()
    }

    const traceId = headerValue(res.headers["trace-id"])
    if (res.statusCode >= 400) throw serviceError(req, res.statusCode, text, traceId)

    let parsedBody: unknown = undefined
    if (text.trim() !== "") {
      try {
        parsedBody = JSON.parse(text)
      } catch {
        throw new TikkieError({
          kind: "response",
          operation: req.operation,
          code: "INVALID_RESPONSE",
          status: res.statusCode,
          traceId,
          message: "the service answered with a body that is not JSON",
        })
      }
    }
    const parsed = req.response.safeParse(parsedBody)
    if (!parsed.success) {
      const where = parsed.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`)
        .join("; ")
      throw new TikkieError({
        kind: "response",
        operation: req.operation,
        code: "INVALID_RESPONSE",
        status: res.statusCode,
        traceId,
        message: redact(`the service's answer does not have the documented shape (${where})`, req.secrets),
      })
    }
    return { status: res.statusCode, traceId, data: parsed.data }
  }
}

/**
 * The timeout on the whole attempt (sending, headers and the last byte of the body), handed to undici
 * as its `signal`, which may be an EventEmitter. It does what `AbortSignal.timeout(ms)` did, at a
 * fraction of the cost on the hot path: no EventTarget, and the timer is cleared as soon as the answer
 * has been read instead of staying armed for the full timeout after every call. On expiry it aborts
 * with the same `TimeoutError` DOMException, so the error a caller sees is unchanged.
 */
class Deadline extends EventEmitter {
  aborted = false
  reason: unknown = undefined
  private readonly timer: NodeJS.Timeout

  constructor(ms: number) {
    super()
    this.timer = setTimeout(() => {
      this.aborted = true
      this.reason = new DOMException("The operation was aborted due to timeout", "TimeoutError")
      this.emit("abort")
    }, ms)
    this.timer.unref()
  }

  clear(): void {
    clearTimeout(this.timer)
  }
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v
}

function isRetryable(method: string, err: TikkieError): boolean {
  if (!(err instanceof TikkieError)) return false
  if (err.kind === "network" && !err.mayHaveReachedService) return true
  if (err.status === 503 && err.code === "ERR_9100_011") return true
  if (method === "GET") {
    if (err.kind === "network") return true
    if (err.status !== undefined && (err.status >= 500 || err.status === 429)) return true
  }
  return false
}

function networkError(req: TikkieRequest<unknown>, e: unknown): TikkieError {
  const code = errorCode(e)
  const notSent = NOT_SENT_CODES.has(code)
  const timedOut = code === "ABORT_ERR" || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT"
  const raw = e instanceof Error ? e.message : String(e)
  return new TikkieError({
    kind: "network",
    operation: req.operation,
    code: timedOut ? "TIMEOUT" : notSent ? "CONNECTION_FAILED" : "NETWORK_ERROR",
    category: "NETWORK_ERROR",
    message: redact(
      timedOut ? "no answer from the service in time" : `could not reach the service (${code || "error"}: ${raw})`,
      req.secrets
    ),
    mayHaveReachedService: !notSent,
    cause: e,
  })
}

function errorCode(e: unknown): string {
  let cur: unknown = e
  for (let depth = 0; cur && depth < 4; depth++) {
    const c = cur as { code?: unknown; name?: unknown; cause?: unknown }
    if (typeof c.code === "string" && c.code !== "UND_ERR_SOCKET") return c.code
    if (c.name === "TimeoutError" || c.name === "AbortError") return "ABORT_ERR"
    if (cur instanceof undiciErrors.ConnectTimeoutError) return "UND_ERR_CONNECT_TIMEOUT"
    if (typeof c.code === "string" && !c.cause) return c.code
    cur = c.cause
  }
  return ""
}

/**
 * Reads the error body of any of the three services: `{errors: [...]}` (payment requests, Fast
 * Checkout, account information), a bare error object, or OAuth's `{error, error_description}`.
 */
function serviceError(req: TikkieRequest<unknown>, status: number, text: string, headerTraceId?: string) {
  let details: TikkieErrorDetail[] = []
  try {
    const body = text.trim() ? JSON.parse(text) : undefined
    const list: unknown[] = Array.isArray(body?.errors) ? body.errors : body && typeof body === "object" ? [body] : []
    details = list.flatMap((raw) => {
      const o = raw as Record<string, unknown>
      const code = typeof o.code === "string" ? o.code : typeof o.error === "string" ? o.error : undefined
      if (!code) return []
      const message =
        typeof o.message === "string" ? o.message : typeof o.error_description === "string" ? o.error_description : ""
      return [
        {
          code,
          message: redact(message, req.secrets),
          category: typeof o.category === "string" ? o.category : undefined,
          reference: typeof o.reference === "string" ? o.reference : undefined,
          traceId: typeof o.traceId === "string" ? o.traceId : undefined,
          status: typeof o.status === "number" ? o.status : status,
        },
      ]
    })
  } catch {
    // Not JSON (a proxy's HTML page): described by status alone below.
  }
  const first = details[0]
  const traceId = first?.traceId ?? headerTraceId
  return new TikkieError({
    kind: "service",
    operation: req.operation,
    status,
    code: first?.code ?? `HTTP_${status}`,
    category: first?.category,
    traceId,
    message: first?.message || `the service answered HTTP ${status}`,
    details: details.length ? details.map((d) => ({ ...d, traceId: d.traceId ?? headerTraceId })) : undefined,
  })
}
