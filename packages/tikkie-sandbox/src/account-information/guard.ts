import { AIS_CODES } from "tikkie-client/account-information/codes"
import { accountNumberSchema, type Scope } from "tikkie-client/account-information/schemas"
import type { AccessTokenGrant } from "../access-tokens"
import type { SandboxContext } from "../context"
import { error, type SandboxRequest, type SandboxResponse } from "../http-kit"
import type { Ledger } from "./ledger"
import type { AccountInformationState } from "./state"
import type { SeededAccount } from "./accounts"
import { refusal } from "./refusal"

export type Guarded<T> = { ok: true; value: T } | { ok: false; response: SandboxResponse }

/**
 * Checks common to every resource call, in the order a gateway checks them: the API-Key header
 * (missing: 400 ERR_1100_005, the gateway-wide "parameter missing" of the payment request and Fast Checkout specifications; the sandbox
 * accepts any non-blank key), then the bearer token (not valid or expired: 401 ERR_2002_002; without
 * the scope: 403 ERR_3002_003).
 */
export function authenticate(ctx: SandboxContext, req: SandboxRequest, scope?: Scope): Guarded<AccessTokenGrant> {
  const apiKey = req.headers["api-key"]
  if (typeof apiKey !== "string" || apiKey.trim() === "") {
    return { ok: false, response: error(req.traceId, 400, AIS_CODES.PARAMETER_MISSING, "API-Key header is missing") }
  }
  const check = ctx.tokens.check(req.headers.authorization, scope)
  if (check.ok) return { ok: true, value: check.grant }
  if (check.reason === "scope") {
    return {
      ok: false,
      response: error(req.traceId, 403, AIS_CODES.INSUFFICIENT_SCOPE, `the access token lacks the scope ${scope}`),
    }
  }
  return {
    ok: false,
    response: error(
      req.traceId,
      401,
      AIS_CODES.ACCESS_TOKEN_INVALID,
      check.reason === "missing"
        ? "Authorization: Bearer <access token> is missing"
        : "the access token is not valid or has expired"
    ),
  }
}

/**
 * Then the path's accountNumber: empty (0001), too long (0010), not an IBAN (0007); an account other
 * than the consented one is 403 MESSAGE_RST560_0016 (also for a token that carries no account, such as
 * a `pay`-only token minted by the control interface). An account the token names but the sandbox does
 * not hold (possible only with a control-minted token) is 404 ERR_4001_001.
 */
export function consentedAccount(
  state: AccountInformationState,
  req: SandboxRequest,
  grant: AccessTokenGrant
): Guarded<{ account: SeededAccount; ledger: Ledger }> {
  const parsed = accountNumberSchema.safeParse(req.params.accountNumber)
  if (!parsed.success) return { ok: false, response: refusal(req.traceId, parsed.error) }
  const iban = parsed.data
  if (grant.accountNumber === undefined || grant.accountNumber !== iban) {
    return {
      ok: false,
      response: error(
        req.traceId,
        403,
        AIS_CODES.NO_ACCESS_TO_ACCOUNT,
        "no access to this account; the holder did not consent to it (contact the account holder)"
      ),
    }
  }
  const account = state.account(iban)
  const ledger = state.ledger(iban)
  if (!account || !ledger) {
    return { ok: false, response: error(req.traceId, 404, AIS_CODES.NOT_FOUND, "the sandbox holds no such account") }
  }
  return { ok: true, value: { account, ledger } }
}

/** authenticate + consentedAccount, for the four account endpoints. */
export function guardAccount(
  ctx: SandboxContext,
  state: AccountInformationState,
  req: SandboxRequest,
  scope: Scope
): Guarded<{ account: SeededAccount; ledger: Ledger }> {
  const auth = authenticate(ctx, req, scope)
  if (!auth.ok) return auth
  return consentedAccount(state, req, auth.value)
}
