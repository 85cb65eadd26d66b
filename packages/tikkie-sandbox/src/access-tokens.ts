import { randomBytes } from "node:crypto"

/**
 * Bearer tokens issued by the sandbox's authorization service (`/as/`), shared by the account
 * information service and the legacy payment requests v1 (scope `pay`). The `/as/` endpoints
 * themselves live in account-information/; this store is what every protected endpoint checks.
 */
export interface AccessTokenGrant {
  accessToken: string
  refreshToken: string
  clientId: string
  scopes: string[]
  /** The account the holder picked on the consent page, if any. */
  accountNumber?: string
  expiresAt: number
  /** When the refresh token stops working (the sandbox keeps it for 90 days). */
  refreshExpiresAt: number
  revoked?: boolean
}

export const ACCESS_TOKEN_SECONDS = 7_200
const REFRESH_TOKEN_SECONDS = 90 * 24 * 3_600

export type TokenCheck =
  { ok: true; grant: AccessTokenGrant } | { ok: false; reason: "missing" | "invalid" | "expired" | "scope" }

export class AccessTokenStore {
  private readonly byAccess = new Map<string, AccessTokenGrant>()
  private readonly byRefresh = new Map<string, AccessTokenGrant>()

  constructor(private readonly now: () => number) {}

  issue(input: { clientId: string; scopes: string[]; accountNumber?: string }): AccessTokenGrant {
    const grant: AccessTokenGrant = {
      accessToken: randomBytes(24).toString("base64url"),
      refreshToken: randomBytes(32).toString("base64url"),
      clientId: input.clientId,
      scopes: [...new Set(input.scopes)],
      accountNumber: input.accountNumber,
      expiresAt: this.now() + ACCESS_TOKEN_SECONDS * 1000,
      refreshExpiresAt: this.now() + REFRESH_TOKEN_SECONDS * 1000,
    }
    this.byAccess.set(grant.accessToken, grant)
    this.byRefresh.set(grant.refreshToken, grant)
    return grant
  }

  /** Checks an `Authorization` header value for a live token carrying `scope` (if given). */
  check(authorization: string | string[] | undefined, scope?: string): TokenCheck {
    const header = Array.isArray(authorization) ? authorization[0] : authorization
    const m = header?.match(/^Bearer\s+(\S+)$/i)
    if (!m) return { ok: false, reason: "missing" }
    const grant = this.byAccess.get(m[1])
    if (!grant || grant.revoked) return { ok: false, reason: "invalid" }
    if (grant.expiresAt <= this.now()) return { ok: false, reason: "expired" }
    if (scope && !grant.scopes.includes(scope)) return { ok: false, reason: "scope" }
    return { ok: true, grant }
  }

  /** Refresh: the old pair stops working and a new one is issued for the same consent. */
  refresh(refreshToken: string, clientId: string, scopes?: string[]): AccessTokenGrant | undefined {
    const old = this.byRefresh.get(refreshToken)
    if (!old || old.revoked || old.clientId !== clientId || old.refreshExpiresAt <= this.now()) return undefined
    if (scopes && scopes.some((s) => !old.scopes.includes(s))) return undefined
    old.revoked = true
    this.byRefresh.delete(refreshToken)
    return this.issue({ clientId, scopes: scopes?.length ? scopes : old.scopes, accountNumber: old.accountNumber })
  }

  /** Control: make a token expire now (tests of refresh-before-expiry and of expired tokens). */
  expire(accessToken: string): boolean {
    const g = this.byAccess.get(accessToken)
    if (!g) return false
    g.expiresAt = this.now() - 1
    return true
  }

  reset(): void {
    this.byAccess.clear()
    this.byRefresh.clear()
  }

  /** For the state file: every grant, revoked ones too (a revoked token must stay refused). */
  snapshot(): unknown {
    return { grants: [...this.byAccess.values()] }
  }

  restore(data: unknown): void {
    this.reset()
    for (const grant of (data as { grants: AccessTokenGrant[] }).grants) {
      this.byAccess.set(grant.accessToken, grant)
      if (!grant.revoked) this.byRefresh.set(grant.refreshToken, grant)
    }
  }
}
