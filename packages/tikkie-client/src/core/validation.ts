import type { z } from "zod"
import { TikkieError } from "./errors"

/**
 * Turns a failed zod parse of an outgoing request into the error the service itself would have
 * given, so a caller sees one code whether our check or the service's refused the input.
 *
 * A refinement names its code through `params: { tikkieCode }`; other issues fall back on the
 * service's generic codes for a missing, an unknown or an invalid field.
 */
export interface ServiceCodes {
  missing: string
  invalid: string
  unknown: string
  /** HTTP status the service answers for a validation error (400 for all three). */
  status?: number
}

export interface ValidationFailure {
  code: string
  message: string
  status: number
  category: string
}

export function describeIssues(error: z.ZodError, codes: ServiceCodes): ValidationFailure {
  const issue = error.issues[0]
  const field = issue.path.join(".")
  const params = (issue as { params?: { tikkieCode?: string; status?: number; category?: string } }).params
  let code = codes.invalid
  let message = field ? `${field}: ${issue.message}` : issue.message
  if (params?.tikkieCode) {
    code = params.tikkieCode
    message = issue.message
  } else if (issue.code === "unrecognized_keys") {
    code = codes.unknown
    message = `unknown field: ${(issue as { keys: string[] }).keys.join(", ")}`
  } else if (issue.code === "invalid_type" && /received undefined/.test(issue.message)) {
    code = codes.missing
    message = `${field} is missing`
  }
  return {
    code,
    message,
    status: params?.status ?? codes.status ?? 400,
    category: params?.category ?? "BAD_REQUEST",
  }
}

/** Parses `input` or throws the local TikkieError the service would have answered with. */
export function validateOutgoing<S extends z.ZodType>(
  operation: string,
  schema: S,
  input: unknown,
  codes: ServiceCodes
): z.output<S> {
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data
  const f = describeIssues(parsed.error, codes)
  throw new TikkieError({
    kind: "local",
    operation,
    code: f.code,
    status: f.status,
    category: f.category,
    message: f.message,
    mayHaveReachedService: false,
  })
}
