import type { ResolvedTikkieBankOptions } from "./options"
import type TikkieBankModuleService from "./service"
import { buildConsentUrl, type Bank, type Scope } from "tikkie-client/account-information"
import { requireTokenCipher } from "./bank-session"
import { CONSENT_STATE_TTL_MS, newConsentState, type ConsentLanguage } from "./consent-state"

/**
 * A consent request for the bank or v1 (one callback, told apart by `purpose`): a single-use state stored
 * hashed with the admin's id. Refuses before the bank when no key could seal the tokens.
 */
export async function createConsentRequest(
  bank: TikkieBankModuleService,
  options: ResolvedTikkieBankOptions,
  input: { userId: string; bank: Bank; scopes: Scope[]; purpose: "bank" | "pay"; language?: ConsentLanguage }
): Promise<{ consent_url: string; expires_at: string; state_id: string }> {
  requireTokenCipher(options)
  const { state, hash } = newConsentState(input.language)
  const expiresAt = new Date(Date.now() + CONSENT_STATE_TTL_MS)
  const created = await bank.createBankConsentStates({
    state_hash: hash,
    user_id: input.userId,
    bank: input.bank,
    scopes: input.scopes.join(" "),
    purpose: input.purpose,
    expires_at: expiresAt,
  })
  // Tidy: states nobody came back with are of no use after a day.
  const stale = await bank.listBankConsentStates(
    { expires_at: { $lt: new Date(Date.now() - 86_400_000) } },
    { select: ["id"], take: 500 }
  )
  if (stale.length) await bank.deleteBankConsentStates(stale.map((s) => s.id))
  return {
    consent_url: buildConsentUrl({
      authUrl: options.authUrl,
      clientId: options.clientId,
      scopes: input.scopes,
      redirectUri: options.callbackUrl,
      state,
      bank: input.bank,
    }),
    expires_at: expiresAt.toISOString(),
    state_id: created.id,
  }
}
