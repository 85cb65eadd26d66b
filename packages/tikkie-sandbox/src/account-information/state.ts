import { randomBytes } from "node:crypto"
import { amsterdamDate } from "tikkie-client/account-information/book-dates"
import type { Bank, Scope } from "tikkie-client/account-information/schemas"
import type { AccessTokenGrant } from "../access-tokens"
import type { SandboxContext } from "../context"
import { SEEDED_ACCOUNTS, type SeededAccount } from "./accounts"
import { generateLedger } from "./generator"
import type { Ledger } from "./ledger"

/** The one client id the sandbox's authorization service knows (public Tikkie material). */
export const SANDBOX_CLIENT_ID = "TPP_test"
/** Account information specification: "The code must be exchanged within 10 seconds." */
export const AUTHORIZATION_CODE_MS = 10_000
/** How long the consent page's form stays usable (sandbox choice; the document names no limit). */
export const CONSENT_REQUEST_MS = 15 * 60_000

/** What the consent page was asked for, kept server-side so the form cannot change it. */
export interface ConsentRequest {
  id: string
  clientId: string
  scopes: Scope[]
  redirectUri?: string
  state?: string
  bank: Bank
  createdAt: number
}

export interface IssuedCode {
  code: string
  clientId: string
  redirectUri?: string
  scopes: Scope[]
  accountNumber: string
  issuedAt: number
  /** The tokens issued for it: revoked when the code is presented a second time (RFC 6749 4.1.2). */
  grant?: AccessTokenGrant
}

export class AccountInformationState {
  private readonly ledgers = new Map<string, Ledger>()
  readonly consentRequests = new Map<string, ConsentRequest>()
  readonly codes = new Map<string, IssuedCode>()
  /** Grants issued by the token endpoint, by refresh token: to tell invalid_scope from invalid_grant. */
  readonly grantsByRefresh = new Map<string, AccessTokenGrant>()

  constructor(private readonly ctx: SandboxContext) {}

  account(accountNumber: string): SeededAccount | undefined {
    return SEEDED_ACCOUNTS.find((a) => a.accountNumber === accountNumber)
  }

  /** Generated on first use from the sandbox seed, anchored on the sandbox's date at that moment. */
  ledger(accountNumber: string): Ledger | undefined {
    let ledger = this.ledgers.get(accountNumber)
    if (!ledger) {
      const account = this.account(accountNumber)
      if (!account) return undefined
      ledger = generateLedger(account, this.ctx.options.seed, amsterdamDate(this.ctx.now()))
      this.ledgers.set(accountNumber, ledger)
    }
    return ledger
  }

  newConsentRequest(input: Omit<ConsentRequest, "id" | "createdAt">): ConsentRequest {
    this.prune()
    const request: ConsentRequest = { ...input, id: randomBytes(16).toString("base64url"), createdAt: this.ctx.now() }
    this.consentRequests.set(request.id, request)
    return request
  }

  newCode(input: Omit<IssuedCode, "code" | "issuedAt">): IssuedCode {
    this.prune()
    const issued: IssuedCode = { ...input, code: randomBytes(24).toString("base64url"), issuedAt: this.ctx.now() }
    this.codes.set(issued.code, issued)
    return issued
  }

  reset(): void {
    this.ledgers.clear()
    this.consentRequests.clear()
    this.codes.clear()
    this.grantsByRefresh.clear()
  }

  /** Drops stale consent forms and codes so a long-running sandbox does not grow without end. */
  private prune(): void {
    const now = this.ctx.now()
    for (const [id, r] of this.consentRequests)
      if (now - r.createdAt > CONSENT_REQUEST_MS) this.consentRequests.delete(id)
    // Used and expired codes are kept an hour to recognise a replay.
    for (const [code, c] of this.codes) if (now - c.issuedAt > 3_600_000) this.codes.delete(code)
  }
}
