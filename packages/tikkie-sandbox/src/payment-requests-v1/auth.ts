import { V1_ERRORS } from "tikkie-client/payment-requests/v1/codes"
import type { SandboxContext } from "../context"
import { error, type SandboxRequest, type SandboxResponse } from "../http-kit"

export type Authorized = { ok: true; client: string } | { ok: false; response: SandboxResponse }

/**
 * Both credentials of every v1 call (payment request specification, common headers). Choices, checked in this order:
 * 1. API-Key absent or blank: 400 ERR_1100_005 naming the header. The payment request specification lists API-Key as a required
 *    request parameter and has no authentication code of its own; any non-blank key is a client.
 * 2. Authorization absent, not `Bearer <token>`, unknown, revoked or expired: 401 ERR_2002_002 "access
 *    token not valid or expired" (the authorization service's code in public Tikkie material).
 * 3. A live token without scope `pay`: 403 ERR_3002_003 "insufficient scope".
 * No message ever repeats the key or the token.
 */
export function authorize(ctx: SandboxContext, req: SandboxRequest): Authorized {
  const raw = req.headers["api-key"]
  const apiKey = (Array.isArray(raw) ? raw[0] : raw)?.trim()
  if (!apiKey) {
    return { ok: false, response: error(req.traceId, 400, V1_ERRORS.PARAMETER_MISSING, "API-Key header is missing") }
  }
  const check = ctx.tokens.check(req.headers.authorization, "pay")
  if (!check.ok) {
    if (check.reason === "scope") {
      return {
        ok: false,
        response: error(
          req.traceId,
          403,
          V1_ERRORS.INSUFFICIENT_SCOPE,
          "insufficient scope: the access token lacks scope pay"
        ),
      }
    }
    const message =
      check.reason === "missing"
        ? "access token not valid or expired: Authorization header with a Bearer access token is missing"
        : "access token not valid or expired"
    return { ok: false, response: error(req.traceId, 401, V1_ERRORS.ACCESS_TOKEN_INVALID, message) }
  }
  return { ok: true, client: apiKey }
}
