import type { SandboxContext } from "../context"
import type { SandboxRequest, SandboxResponse } from "../http-kit"
import { authenticate } from "./guard"

/**
 * GET /v1/consentinfo (`accountInformation.getConsentInfo`), any valid access token.
 *
 * Choice: `valid` is the number of whole seconds the token has left at the time of the call (not the
 * 7200 it started with); transactionId is null because no sandbox token is tied to a payment.
 */
export function getConsentInfo(ctx: SandboxContext, req: SandboxRequest): SandboxResponse {
  const auth = authenticate(ctx, req)
  if (!auth.ok) return auth.response
  const grant = auth.value
  return {
    status: 200,
    json: {
      iban: grant.accountNumber,
      transactionId: null,
      scopes: grant.scopes.join(" "),
      valid: Math.max(0, Math.floor((grant.expiresAt - ctx.now()) / 1000)),
    },
  }
}
