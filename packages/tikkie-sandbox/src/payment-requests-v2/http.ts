import type { z } from "zod"
import { V2_GENERIC_CODES, statusOf } from "tikkie-client/payment-requests/v2/error-codes"
import { describeIssues } from "tikkie-client/core/validation"
import { error, type SandboxRequest, type SandboxResponse } from "../http-kit"
import { UNPARSABLE_BODY } from "../request-body"

/** Request parsing shared by the v2 handlers: every refusal in the documented error shape. */

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: SandboxResponse }

export function parseWith<S extends z.ZodType>(req: SandboxRequest, schema: S, input: unknown): Parsed<z.output<S>> {
  if (input === UNPARSABLE_BODY) {
    return { ok: false, response: fail(req, "INVALID_REQUEST_BODY", "the body is not valid JSON") }
  }
  const parsed = schema.safeParse(input)
  if (parsed.success) return { ok: true, data: parsed.data }
  const f = describeIssues(parsed.error, V2_GENERIC_CODES)
  return { ok: false, response: error(req.traceId, f.status, f.code, f.message, f.category) }
}

/** The known query parameters only: unknown ones are ignored, as on the live service. */
export function queryObject(req: SandboxRequest, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name of names) {
    const v = req.query.get(name)
    if (v !== null) out[name] = v
  }
  return out
}

export function fail(req: SandboxRequest, code: string, message: string): SandboxResponse {
  return error(req.traceId, statusOf(code), code, message)
}
