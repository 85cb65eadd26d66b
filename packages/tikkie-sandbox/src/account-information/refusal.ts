import type { z } from "zod"
import { AIS_SERVICE_CODES } from "tikkie-client/account-information/codes"
import { describeIssues } from "tikkie-client/core/validation"
import { error, type SandboxResponse } from "../http-kit"

/** A failed parse of a shared request schema, answered with the code the client would have thrown. */
export function refusal(traceId: string, e: z.ZodError): SandboxResponse {
  const f = describeIssues(e, AIS_SERVICE_CODES)
  return error(traceId, f.status, f.code, f.message, f.category)
}
