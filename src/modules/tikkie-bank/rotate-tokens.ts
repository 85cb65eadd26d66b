import type { ILockingModule } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type { ResolvedTikkieBankOptions } from "./options"
import { TokenUnreadableError, type TokenBinding, type TokenCipher } from "./token-cipher"
import { OAuthClient } from "tikkie-client/account-information"
import { composeObservers, type TikkieCallObserver } from "tikkie-client/core/observer"
import { TikkieError } from "tikkie-client/core/errors"
import { tikkieCallSpans } from "../../utils/tracing"

/** A stored token pair: the bank connection, or the pay grant of legacy payment requests v1. */
export interface SealedTokenGrant {
  id: string
  status: "connected" | "needs_consent"
  problem: string | null
  access_token: string
  refresh_token: string
  token_version: number
}

/** What differs between the grants: where they are stored, what they are sealed with, what the admin is told. */
export interface TokenGrantStore<G extends SealedTokenGrant> {
  lock: string
  load(): Promise<G | undefined>
  save(fields: Partial<SealedTokenGrant> & { id: string; access_expires_at?: Date }): Promise<unknown>
  /** The row and column a sealed token is bound to (token-cipher.ts). */
  binding(grant: G, purpose: TokenBinding["purpose"]): TokenBinding
  legacyAad(purpose: TokenBinding["purpose"]): string
  notConnected(): MedusaError
  needsConsent(grant: G): MedusaError
  /** A refresh that failed for a reason worth retrying (network, 5xx). */
  failed(e: unknown): Error
  observer?: TikkieCallObserver
}

export function oauthClient(options: ResolvedTikkieBankOptions, observer?: TikkieCallObserver): OAuthClient {
  return new OAuthClient({
    authUrl: options.authUrl,
    clientId: options.clientId,
    tls: options.tls,
    connectTimeoutMs: options.connectTimeoutMs,
    requestTimeoutMs: options.requestTimeoutMs,
    observer: composeObservers(tikkieCallSpans(), observer),
  })
}

/**
 * A new token pair, once for all instances: under a store-wide lock, and only if nobody refreshed since
 * `seenVersion` (a refresh token works once). Only a refused grant or client asks for consent again: a
 * network failure, 429 or 5xx is worth a retry. No workflow: see docs/development/architecture.md.
 */
export async function rotateTokens<G extends SealedTokenGrant>(
  locking: ILockingModule,
  options: ResolvedTikkieBankOptions,
  cipher: TokenCipher,
  store: TokenGrantStore<G>,
  seenVersion: number
): Promise<string> {
  return locking.execute(
    store.lock,
    async () => {
      const grant = await store.load()
      if (!grant) throw store.notConnected()
      if (grant.token_version !== seenVersion) {
        if (grant.status !== "connected") throw store.needsConsent(grant)
        return openToken(cipher, store, grant, "access_token")
      }
      const oauth = oauthClient(options, store.observer)
      try {
        const t = await oauth.refresh({ refreshToken: await openToken(cipher, store, grant, "refresh_token") })
        await store.save({
          id: grant.id,
          access_token: cipher.seal(t.access_token, store.binding(grant, "access_token")),
          refresh_token: cipher.seal(t.refresh_token, store.binding(grant, "refresh_token")),
          access_expires_at: new Date(Date.now() + t.expires_in * 1000),
          token_version: grant.token_version + 1,
          status: "connected",
          problem: null,
        })
        return t.access_token
      } catch (e) {
        if (e instanceof TikkieError && e.kind === "service" && CONSENT_GONE.has(e.code)) {
          const problem = `refreshing the access token was refused (${e.code})`
          await store.save({ id: grant.id, status: "needs_consent", problem })
          throw store.needsConsent({ ...grant, status: "needs_consent", problem })
        }
        if (e instanceof MedusaError) throw e
        throw store.failed(e)
      } finally {
        await oauth.close()
      }
    },
    { timeout: 30 }
  )
}

/** The authorization service's answers that mean the consent itself is gone (RFC 6749 5.2). */
const CONSENT_GONE = new Set(["invalid_grant", "invalid_client"])

/** Opens a stored token; one that cannot be opened marks the grant as needing consent (not a 500 per call). */
export async function openToken<G extends SealedTokenGrant>(
  cipher: TokenCipher,
  store: TokenGrantStore<G>,
  grant: G,
  purpose: TokenBinding["purpose"]
): Promise<string> {
  const sealed = purpose === "access_token" ? grant.access_token : grant.refresh_token
  try {
    return cipher.open(sealed, store.binding(grant, purpose), store.legacyAad(purpose))
  } catch (e) {
    if (!(e instanceof TokenUnreadableError)) throw e
    const problem = `the stored ${purpose === "access_token" ? "access" : "refresh"} token ${e.message.replace(/^stored bank token /, "")}`
    await store.save({ id: grant.id, status: "needs_consent", problem })
    throw store.needsConsent({ ...grant, status: "needs_consent", problem })
  }
}
