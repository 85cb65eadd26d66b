import type { ILockingModule, MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { TIKKIE_BANK_MODULE } from "."
import type TikkieBankModuleService from "./service"
import type { TokenBinding } from "./token-cipher"
import type { Bank } from "tikkie-client/account-information"
import { REFRESH_AHEAD_MS, requireTokenCipher } from "./bank-session"
import { bankError } from "./bank-errors"
import { openToken, rotateTokens, type TokenGrantStore } from "./rotate-tokens"
import { createConsentRequest } from "./consent-request"

/**
 * The OAuth grant of legacy payment requests v1 (payment-requests.md, Authentication: scope pay), through the
 * tikkie-bank module's OAuth options: the same ABN AMRO app, with one redirect URI (the bank callback).
 */
export type PayGrantRecord = Awaited<ReturnType<TikkieBankModuleService["listPayGrants"]>>[number]

const CONNECT = "POST /admin/tikkie/payment-requests/v1-connect"
/** Store-wide: one refresh, or one replacement of the grant by a new consent, at a time. */
export const PAY_GRANT_LOCK = "tikkie:pay-grant:refresh"
export const PAY_SCOPE = "pay" as const

/** A sealed token of the pay grant opens only in its own row and column (token-cipher.ts). */
export const payGrantBinding = (grantId: string, purpose: TokenBinding["purpose"]): TokenBinding => ({
  table: "tikkie_pay_grant",
  row: grantId,
  purpose,
})
/** What values sealed before key ids were bound to: the column only. */
const legacyPayGrantAad = (purpose: TokenBinding["purpose"]) => `tikkie-bank:pay-grant:${purpose}`

/** The grant's modules, from the app's container or the v1 provider's (only when listed in `dependencies`). */
export interface PayGrantModules {
  bank?: TikkieBankModuleService
  locking?: ILockingModule
}

/** The pay grant's modules in the app's container (routes, workflows, jobs). */
export function payGrantModulesIn(container: MedusaContainer): PayGrantModules {
  return {
    bank: container.hasRegistration(TIKKIE_BANK_MODULE)
      ? container.resolve<TikkieBankModuleService>(TIKKIE_BANK_MODULE)
      : undefined,
    locking: container.resolve<ILockingModule>(Modules.LOCKING, { allowUnregistered: true }),
  }
}

/** The module, when the store registered it with its options; v1 OAuth needs both. */
function oauthModule({ bank }: PayGrantModules) {
  if (!bank?.bankOptions) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Tikkie payment requests v1 need an OAuth access token with scope pay: either give the provider an accessToken, or configure the tikkie-bank module (clientId, apiKey, authUrl, storeUrl, client certificate and key, tokenEncryptionKey) and connect v1 from the admin (" +
        CONNECT +
        ")."
    )
  }
  return { bank, options: bank.bankOptions }
}

export async function currentPayGrant(bank: TikkieBankModuleService): Promise<PayGrantRecord | undefined> {
  const [grant] = await bank.listPayGrants({}, { take: 1 })
  return grant
}

function notConnected() {
  return new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `Tikkie payment requests v1 are not connected: an admin connects them once (${CONNECT}).`
  )
}

function needsConsent(grant: { problem: string | null }) {
  return new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    `Tikkie payment requests v1 need consent again${grant.problem ? `: ${grant.problem}` : ""}. Connect v1 again (${CONNECT}).`
  )
}

function payGrantTokens(bank: TikkieBankModuleService): TokenGrantStore<PayGrantRecord> {
  return {
    lock: PAY_GRANT_LOCK,
    load: () => currentPayGrant(bank),
    save: (fields) => bank.updatePayGrants(fields),
    binding: (grant, purpose) => payGrantBinding(grant.id, purpose),
    legacyAad: legacyPayGrantAad,
    notConnected,
    needsConsent,
    failed: (e) => bankError(e, "Refreshing the Tikkie v1 access token failed; try again later"),
  }
}

/** A live scope-pay token: the stored one while fresh and not refused, else a refreshed one (rotate-tokens.ts). */
export async function v1AccessToken(modules: PayGrantModules, hint?: { rejected: string }): Promise<string> {
  const { bank, options } = oauthModule(modules)
  const cipher = requireTokenCipher(options)
  const grant = await currentPayGrant(bank)
  if (!grant) throw notConnected()
  if (grant.status !== "connected") throw needsConsent(grant)
  const access = await openToken(cipher, payGrantTokens(bank), grant, "access_token")
  const fresh = new Date(grant.access_expires_at).getTime() - Date.now() > REFRESH_AHEAD_MS
  if (fresh && hint?.rejected !== access) return access
  if (!modules.locking) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "Refreshing the Tikkie v1 access token needs Medusa's locking module: list it with tikkieBank in the payment module's dependencies."
    )
  }
  return rotateTokens(modules.locking, options, cipher, payGrantTokens(bank), grant.token_version)
}

/** Step 1 of connecting v1: a consent request for scope pay (purpose "pay"), bound to this admin. */
export async function startV1Connect(
  modules: PayGrantModules,
  input: { userId: string; bank: Bank; language?: "nl" | "en" }
) {
  const { bank, options } = oauthModule(modules)
  return createConsentRequest(bank, options, {
    userId: input.userId,
    bank: input.bank,
    scopes: [PAY_SCOPE],
    purpose: "pay",
    language: input.language,
  })
}

/** Forgets the tokens (the consent itself is withdrawn at the bank, not here). */
export async function disconnectV1(modules: PayGrantModules): Promise<boolean> {
  const { bank } = oauthModule(modules)
  const grant = await currentPayGrant(bank)
  if (!grant) return false
  await bank.deletePayGrants(grant.id)
  return true
}
