import type { z } from "zod"
import { V1_ERRORS, V1_SERVICE_CODES } from "tikkie-client/payment-requests/v1/codes"
import { describeIssues } from "tikkie-client/core/validation"
import { errorResponse, type SandboxRequest, type SandboxResponse } from "../http-kit"
import { UNPARSABLE_BODY } from "../request-body"

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: SandboxResponse }

/** Parses with the client's own schema, so the sandbox answers the code the client would have given. */
export function parseWith<S extends z.ZodType>(req: SandboxRequest, schema: S, input: unknown): Parsed<z.output<S>> {
  const parsed = schema.safeParse(input)
  if (parsed.success) return { ok: true, data: parsed.data }
  return { ok: false, response: errorResponse(req.traceId, describeIssues(parsed.error, V1_SERVICE_CODES)) }
}

/**
 * The JSON body of a create operation. Choices: a body that is not JSON, or JSON that is not an object,
 * is ERR_1100_004; a blank body is read as `{}`, so the answer names the first missing field (ERR_1100_005).
 */
export function parseBody<S extends z.ZodType>(req: SandboxRequest, schema: S): Parsed<z.output<S>> {
  if (req.body === UNPARSABLE_BODY) return invalid(req, "request body is not valid JSON")
  const body = req.body ?? {}
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return invalid(req, "request body must be a JSON object")
  }
  return parseWith(req, schema, body)
}

/** Query parameters the operation knows; others are ignored, and an empty value counts as absent. */
export function queryObject(req: SandboxRequest, names: string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const n of names) {
    const v = req.query.get(n)
    if (v !== null && v !== "") out[n] = v
  }
  return out
}

function invalid(req: SandboxRequest, message: string): { ok: false; response: SandboxResponse } {
  return {
    ok: false,
    response: errorResponse(req.traceId, {
      code: V1_ERRORS.INVALID_INPUT,
      message,
      status: 400,
      category: "BAD_REQUEST",
    }),
  }
}
