import type { IncomingMessage, ServerResponse } from "node:http"
import { randomUUID } from "node:crypto"

/**
 * The sandbox's small HTTP toolkit: one request context per call, with the Trace-Id every service
 * answers with and the documented error body. Kept free of any web framework so the sandbox starts in
 * milliseconds and can serve thousands of GET order calls a second.
 */
export interface SandboxRequest {
  method: string
  /** Path without query string. */
  path: string
  query: URLSearchParams
  headers: IncomingMessage["headers"]
  params: Record<string, string>
  /** Parsed JSON body, or the form fields of a urlencoded body; undefined when blank. */
  body: unknown
  rawBody: string
  /** The base URL the caller used to reach us (for checkout and payment page links). */
  baseUrl: string
  traceId: string
  /** Mutual-TLS: whether the caller presented a certificate our client CA signed. */
  clientCertificateAuthorized: boolean
  raw: IncomingMessage
}

export interface SandboxResponse {
  status: number
  headers?: Record<string, string>
  /** JSON-encoded unless `html` or `text` is set. */
  json?: unknown
  html?: string
  text?: string
  /** Answer nothing until the connection is closed (fault injection). */
  hang?: boolean
  /** Destroy the connection instead of answering (fault injection: the answer is lost). */
  drop?: boolean
}

export interface ErrorEntry {
  code: string
  message: string
  status: number
  category: string
}

export function errorResponse(traceId: string, ...entries: ErrorEntry[]): SandboxResponse {
  return {
    status: entries[0].status,
    json: {
      errors: entries.map((e) => ({
        code: e.code,
        message: e.message,
        reference: `https://developer.abnamro.com/api-products/errors#${e.code}`,
        traceId,
        status: e.status,
        category: e.category,
      })),
    },
  }
}

export function error(
  traceId: string,
  status: number,
  code: string,
  message: string,
  category = defaultCategory(status)
): SandboxResponse {
  return errorResponse(traceId, { status, code, message, category })
}

export function defaultCategory(status: number): string {
  return (
    (
      {
        400: "BAD_REQUEST",
        401: "UNAUTHORIZED",
        403: "FORBIDDEN",
        404: "NOT_FOUND",
        429: "TOO_MANY_REQUESTS",
        500: "INTERNAL_SERVER_ERROR",
        503: "SERVICE_UNAVAILABLE",
      } as Record<number, string>
    )[status] ?? "BACKEND_ERROR"
  )
}

export function newTraceId(): string {
  return randomUUID()
}

export function send(res: ServerResponse, traceId: string, out: SandboxResponse): void {
  if (out.hang) return
  if (out.drop) {
    res.socket?.destroy()
    return
  }
  const headers: Record<string, string> = { "trace-id": traceId, ...out.headers }
  let payload = ""
  if (out.html !== undefined) {
    headers["content-type"] = "text/html; charset=utf-8"
    payload = out.html
  } else if (out.text !== undefined) {
    headers["content-type"] ??= "text/plain; charset=utf-8"
    payload = out.text
  } else if (out.json !== undefined) {
    headers["content-type"] = "application/json"
    payload = JSON.stringify(out.json)
  }
  headers["content-length"] = String(Buffer.byteLength(payload))
  res.writeHead(out.status, headers)
  res.end(payload)
}

export function escapeHtml(s: unknown): string {
  return String(s ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Formats cents as "€ 12,34" the way a Dutch page shows money, without floating point. */
export function euro(cents: number): string {
  const sign = cents < 0 ? "-" : ""
  const abs = Math.abs(cents)
  return `${sign}€ ${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`
}
