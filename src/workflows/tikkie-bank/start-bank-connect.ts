import type { MedusaContainer } from "@medusajs/framework/types"
import type { Bank } from "../../tikkie/account-information"
import { bankModule, requireBankOptions } from "../../lib/tikkie-bank/bank-session"
import { createConsentRequest } from "../../lib/tikkie-bank/consent-request"
import { BANK_SCOPES, type BankScopeName } from "../../lib/tikkie-bank/scopes"

/**
 * Step 1 of connecting the bank account: a consent request for the scopes the admin chose, bound to
 * the admin who asked and expiring after 15 minutes.
 */
export async function startBankConnect(
  container: MedusaContainer,
  input: { userId: string; scopes: BankScopeName[]; bank: Bank }
) {
  const bank = bankModule(container)
  const options = requireBankOptions(bank)
  const scopes = [...new Set(input.scopes)]
  const started = await createConsentRequest(bank, options, {
    userId: input.userId,
    bank: input.bank,
    scopes: scopes.map((s) => BANK_SCOPES[s]),
    purpose: "bank",
  })
  return { consent_url: started.consent_url, bank: input.bank, scopes, expires_at: started.expires_at }
}
