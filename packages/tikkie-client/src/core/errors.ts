/**
 * One error type for every failure of a Tikkie call: refused locally before sending, refused by the
 * service, a network failure, or an answer we could not read. Messages are built only from data that
 * has passed through `redact`, so no credential can surface in a log line or an API response.
 */
export type TikkieErrorKind =
  /** Our own validation refused the input; nothing was sent. */
  | "local"
  /** The service answered with an error status. */
  | "service"
  /** No usable answer: connection refused, reset, or timed out. */
  | "network"
  /** The service answered 2xx but the body did not match the documented shape. */
  | "response"

export interface TikkieErrorDetail {
  code: string
  message: string
  category?: string
  reference?: string
  traceId?: string
  status?: number
}

export interface TikkieErrorInit {
  kind: TikkieErrorKind
  operation: string
  code: string
  message: string
  status?: number
  category?: string
  traceId?: string
  details?: TikkieErrorDetail[]
  /** True when the request may have reached the service (so a POST must not be resent blindly). */
  mayHaveReachedService?: boolean
  cause?: unknown
}

export class TikkieError extends Error {
  readonly kind: TikkieErrorKind
  readonly operation: string
  readonly code: string
  readonly status?: number
  readonly category: string
  readonly traceId?: string
  readonly details: TikkieErrorDetail[]
  readonly mayHaveReachedService: boolean

  constructor(init: TikkieErrorInit) {
    super(`${init.operation} failed: ${init.code}: ${init.message}`)
    this.name = "TikkieError"
    this.kind = init.kind
    this.operation = init.operation
    this.code = init.code
    this.status = init.status
    this.category = init.category ?? categoryForStatus(init.status, init.kind)
    this.traceId = init.traceId
    this.details = init.details ?? [
      { code: init.code, message: init.message, category: this.category, status: init.status, traceId: init.traceId },
    ]
    this.mayHaveReachedService = init.mayHaveReachedService ?? init.kind !== "local"
    // The cause is kept off the enumerable fields: undici errors can carry request headers.
    if (init.cause !== undefined) {
      Object.defineProperty(this, "cause", { value: init.cause, enumerable: false })
    }
  }

  /** The reason to show a person, without the operation prefix. */
  get reason(): string {
    return this.details.map((d) => `${d.code}: ${d.message}`).join("; ")
  }

  toJSON() {
    return {
      name: this.name,
      kind: this.kind,
      operation: this.operation,
      code: this.code,
      status: this.status,
      category: this.category,
      traceId: this.traceId,
      message: this.message,
      details: this.details,
    }
  }
}

export function isTikkieError(e: unknown): e is TikkieError {
  return e instanceof TikkieError
}

function categoryForStatus(status: number | undefined, kind: TikkieErrorKind): string {
  if (kind === "local") return "BAD_REQUEST"
  if (kind === "network") return "NETWORK_ERROR"
  if (kind === "response") return "INVALID_RESPONSE"
  switch (status) {
    case 400:
      return "BAD_REQUEST"
    case 401:
      return "UNAUTHORIZED"
    case 403:
      return "FORBIDDEN"
    case 404:
      return "NOT_FOUND"
    case 429:
      return "TOO_MANY_REQUESTS"
    case 503:
      return "SERVICE_UNAVAILABLE"
    default:
      return status !== undefined && status >= 500 ? "INTERNAL_SERVER_ERROR" : "UNKNOWN"
  }
}
