import { z } from "zod"
import type { OAuthErrorCode } from "tikkie-client/account-information/codes"
import {
  authorizationCodeGrantSchema,
  refreshTokenGrantSchema,
  scopeSchema,
  splitScopes,
  type Scope,
} from "tikkie-client/account-information/schemas"
import { ACCESS_TOKEN_SECONDS, type AccessTokenGrant } from "../access-tokens"
import type { SandboxContext } from "../context"
import type { SandboxRequest, SandboxResponse } from "../http-kit"
import { AUTHORIZATION_CODE_MS, SANDBOX_CLIENT_ID, type AccountInformationState } from "./state"

/**
 * POST /as/token.oauth2 (`oauth.token`), form-encoded, grant types authorization_code and
 * refresh_token. Errors in RFC 6749 form `{error, error_description}`.
 *
 * Choices:
 * - When the sandbox runs with `tls`, a client certificate signed by the client CA is required (401
 *   invalid_client otherwise); without `tls` the endpoint is plain HTTP and asks for none.
 * - The answer carries both `valid` (the document's name) and `expires_in` (the public samples' and
 *   RFC 6749's), 7200 seconds, plus `scope`.
 * - A code is single-use and expires 10 seconds (sandbox time) after issue: at 10.000 s it is refused.
 *   Presenting a used code again also revokes the tokens issued for it (RFC 6749 4.1.2).
 * - redirect_uri must be sent, and equal, when the consent request carried one; when it did not, it
 *   must be left out.
 * - Unknown form fields are ignored (RFC 6749 3.2); refresh `scope` is optional (omitted keeps the
 *   consent's scopes) and may only narrow them (invalid_scope otherwise).
 */
export function token(ctx: SandboxContext, state: AccountInformationState, req: SandboxRequest): SandboxResponse {
  if (ctx.options.tls && !req.clientCertificateAuthorized) {
    return oauthError(401, "invalid_client", "client certificate required")
  }
  if (!String(req.headers["content-type"] ?? "").includes("application/x-www-form-urlencoded")) {
    return oauthError(400, "invalid_request", "send the token request as application/x-www-form-urlencoded")
  }
  const body = (req.body ?? {}) as Record<string, unknown>
  const grantType = body.grant_type
  if (grantType === undefined || grantType === "") return oauthError(400, "invalid_request", "grant_type is required")
  if (grantType === "authorization_code") return exchangeCode(ctx, state, body)
  if (grantType === "refresh_token") return refresh(ctx, state, body)
  return oauthError(400, "unsupported_grant_type", "grant_type must be authorization_code or refresh_token")
}

function exchangeCode(
  ctx: SandboxContext,
  state: AccountInformationState,
  body: Record<string, unknown>
): SandboxResponse {
  const parsed = authorizationCodeGrantSchema.safeParse(body)
  if (!parsed.success) return oauthError(400, "invalid_request", parsed.error.issues[0].message)
  const f = parsed.data
  if (f.client_id !== SANDBOX_CLIENT_ID) return oauthError(401, "invalid_client", "unknown client_id")
  const issued = state.codes.get(f.code)
  if (!issued) return oauthError(400, "invalid_grant", "the authorization code is not valid")
  if (issued.grant) {
    issued.grant.revoked = true
    return oauthError(
      400,
      "invalid_grant",
      "the authorization code was already used; the tokens issued for it are revoked"
    )
  }
  if (ctx.now() - issued.issuedAt >= AUTHORIZATION_CODE_MS) {
    state.codes.delete(f.code)
    return oauthError(400, "invalid_grant", "the authorization code has expired (10 seconds)")
  }
  if (issued.clientId !== f.client_id) return oauthError(400, "invalid_grant", "the code was issued to another client")
  if (issued.redirectUri !== f.redirect_uri) {
    return oauthError(
      400,
      "invalid_grant",
      issued.redirectUri === undefined
        ? "redirect_uri was not used in the consent request"
        : "redirect_uri is missing or differs from the one of the consent request"
    )
  }
  const grant = ctx.tokens.issue({ clientId: f.client_id, scopes: issued.scopes, accountNumber: issued.accountNumber })
  issued.grant = grant
  state.grantsByRefresh.set(grant.refreshToken, grant)
  return tokenAnswer(grant)
}

function refresh(ctx: SandboxContext, state: AccountInformationState, body: Record<string, unknown>): SandboxResponse {
  const parsed = refreshTokenGrantSchema.safeParse(body)
  if (!parsed.success) return oauthError(400, "invalid_request", parsed.error.issues[0].message)
  const f = parsed.data
  if (f.client_id !== SANDBOX_CLIENT_ID) return oauthError(401, "invalid_client", "unknown client_id")
  let scopes: Scope[] | undefined
  if (f.scope !== undefined && f.scope.trim() !== "") {
    const s = z.array(scopeSchema).safeParse(splitScopes(f.scope))
    if (!s.success) return oauthError(400, "invalid_scope", "scope names an unknown scope")
    scopes = s.data
    const known = state.grantsByRefresh.get(f.refresh_token)
    if (known && !known.revoked && scopes.some((x) => !known.scopes.includes(x))) {
      return oauthError(400, "invalid_scope", "scope asks for more than the holder consented to")
    }
  }
  const grant = ctx.tokens.refresh(f.refresh_token, f.client_id, scopes)
  if (!grant)
    return oauthError(400, "invalid_grant", "the refresh token is not valid, was already used, or has expired")
  state.grantsByRefresh.delete(f.refresh_token)
  state.grantsByRefresh.set(grant.refreshToken, grant)
  return tokenAnswer(grant)
}

function tokenAnswer(grant: AccessTokenGrant): SandboxResponse {
  return {
    status: 200,
    headers: { "cache-control": "no-store", pragma: "no-cache" },
    json: {
      access_token: grant.accessToken,
      refresh_token: grant.refreshToken,
      token_type: "Bearer",
      expires_in: ACCESS_TOKEN_SECONDS,
      valid: ACCESS_TOKEN_SECONDS,
      scope: grant.scopes.join(" "),
    },
  }
}

export function oauthError(status: number, error: OAuthErrorCode, description: string): SandboxResponse {
  return {
    status,
    headers: { "cache-control": "no-store", pragma: "no-cache" },
    json: { error, error_description: description },
  }
}
