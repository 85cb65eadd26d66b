import type { MedusaContainer } from "@medusajs/framework/types"
import { buildConsentUrl, type Bank } from "../../tikkie/account-information"
import { bankModule, requireBankOptions, requireTokenCipher } from "./bank-session"
import { CONSENT_STATE_TTL_MS, newConsentState } from "./consent-state"
import { BANK_SCOPES, type BankScopeName } from "./scopes"

/**
 * Step 1 of connecting: a fresh single-use `state` bound to the admin who asked (stored hashed, with
 * the admin's id, the bank and the scopes, expiring after 15 minutes), and the consent URL that carries
 * it. Refuses before sending anyone to the bank when tokens could not be stored (no encryption key).
 */
export async function startBankConnect(
  container: MedusaContainer,
  input: { userId: string; scopes: BankScopeName[]; bank: Bank }
) {
  const bank = bankModule(container)
  const options = requireBankOptions(bank)
  requireTokenCipher(options)
  const { state, hash } = newConsentState()
  const expiresAt = new Date(Date.now() + CONSENT_STATE_TTL_MS)
  const scopes = [...new Set(input.scopes)].map((s) => BANK_SCOPES[s])
  await bank.createBankConsentStates({ state_hash: hash, user_id: input.userId, bank: input.bank, scopes: scopes.join(" "), expires_at: expiresAt })
  // Tidy: states nobody came back with are of no use after a day.
  const stale = await bank.listBankConsentStates({ expires_at: { $lt: new Date(Date.now() - 86_400_000) } } as never, { select: ["id"], take: 500 })
  if (stale.length) await bank.deleteBankConsentStates(stale.map((s) => s.id))
  return {
    consent_url: buildConsentUrl({
      authUrl: options.authUrl,
      clientId: options.clientId,
      scopes,
      redirectUri: options.callbackUrl,
      state,
      bank: input.bank,
    }),
    bank: input.bank,
    scopes: [...new Set(input.scopes)],
    expires_at: expiresAt.toISOString(),
  }
}
