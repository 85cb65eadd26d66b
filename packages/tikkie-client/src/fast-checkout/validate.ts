import type { z } from "zod"
import { TikkieError } from "../core/errors"
import { describeIssues, type ValidationFailure } from "../core/validation"
import { FAST_CHECKOUT_VALIDATION_CODES } from "./codes"

/**
 * One body can break several rules, and the service answers one code. Both the client and the sandbox
 * pick the same one: an unknown field first, then a missing field, then the first other issue (see
 * the choices in schemas.ts).
 */
function rank(issue: z.core.$ZodIssue): number {
  if (issue.code === "unrecognized_keys") return 0
  if (issue.code === "invalid_type" && /received undefined/.test(issue.message)) return 1
  return 2
}

export function describeFastCheckoutFailure(error: z.ZodError): ValidationFailure {
  const issues = [...error.issues].sort((a, b) => rank(a) - rank(b))
  return describeIssues({ issues } as unknown as z.ZodError, FAST_CHECKOUT_VALIDATION_CODES)
}

/** Parses `input` or throws the local TikkieError the service would have answered; nothing is sent. */
export function validateFastCheckout<S extends z.ZodType>(operation: string, schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data
  const f = describeFastCheckoutFailure(parsed.error)
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
