import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import type { ResolvedTikkieBankOptions } from "../../modules/tikkie-bank/options"
import type { TokenCipher } from "../../modules/tikkie-bank/token-cipher"
import { OAuthClient } from "../../tikkie/account-information"
import { TikkieError } from "../../tikkie/core/errors"

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
  /** Store-wide lock name: one refresh at a time, across every instance of the store. */
  lock: string
  load(): Promise<G | undefined>
  save(fields: Partial<SealedTokenGrant> & { id: string; access_expires_at?: Date }): Promise<unknown>
  aad(grant: G, kind: "access_token" | "refresh_token"): string
  notConnected(): MedusaError
  needsConsent(grant: G): MedusaError
  /** A refresh that failed for a reason worth retrying (network, 5xx). */
  failed(e: unknown): Error
}

export function oauthClient(options: ResolvedTikkieBankOptions): OAuthClient {
  return new OAuthClient({
    authUrl: options.authUrl,
    clientId: options.clientId,
    tls: options.tls,
    connectTimeoutMs: options.connectTimeoutMs,
    requestTimeoutMs: options.requestTimeoutMs,
  })
}

/**
 * A new token pair, once for all instances: under a store-wide lock, and only when nobody refreshed since
 * the caller read `seenVersion` (a refresh token works once; two instances refreshing with it would make
 * the second fail and wrongly ask for consent again).
 *
 * A refusal by the authorization service (invalid_grant: revoked, expired or used refresh token) marks
 * the grant as needing consent. A network failure or a 5xx does not: it is worth retrying.
 */
export async function rotateTokens<G extends SealedTokenGrant>(
  container: MedusaContainer,
  options: ResolvedTikkieBankOptions,
  cipher: TokenCipher,
  store: TokenGrantStore<G>,
  seenVersion: number
): Promise<string> {
  return container.resolve(Modules.LOCKING).execute(
    store.lock,
    async () => {
      const grant = await store.load()
      if (!grant) throw store.notConnected()
      if (grant.token_version !== seenVersion) {
        if (grant.status !== "connected") throw store.needsConsent(grant)
        return cipher.open(grant.access_token, store.aad(grant, "access_token"))
      }
      const oauth = oauthClient(options)
      try {
        const t = await oauth.refresh({ refreshToken: cipher.open(grant.refresh_token, store.aad(grant, "refresh_token")) })
        await store.save({
          id: grant.id,
          access_token: cipher.seal(t.access_token, store.aad(grant, "access_token")),
          refresh_token: cipher.seal(t.refresh_token, store.aad(grant, "refresh_token")),
          access_expires_at: new Date(Date.now() + t.expires_in * 1000),
          token_version: grant.token_version + 1,
          status: "connected",
          problem: null,
        })
        return t.access_token
      } catch (e) {
        if (e instanceof TikkieError && e.kind === "service" && (e.status ?? 500) < 500) {
          const problem = `refreshing the access token was refused (${e.code})`
          await store.save({ id: grant.id, status: "needs_consent", problem })
          throw store.needsConsent({ ...grant, status: "needs_consent", problem })
        }
        throw store.failed(e)
      } finally {
        await oauth.close()
      }
    },
    { timeout: 30 }
  )
}
