import type { Scope } from "tikkie-client/account-information"

/** The admin API's short scope names and the bank's, which stay inside the plugin. */
export const BANK_SCOPES = {
  details: "psd2:account:details:read",
  balance: "psd2:account:balance:read",
  transactions: "psd2:account:transaction:read",
  funds: "psd2:account:funds:read",
} as const satisfies Record<string, Scope>

export type BankScopeName = keyof typeof BANK_SCOPES
export const BANK_SCOPE_NAMES = Object.keys(BANK_SCOPES) as BankScopeName[]

export function scopeNames(scopes: ReadonlyArray<string>): BankScopeName[] {
  return BANK_SCOPE_NAMES.filter((n) => scopes.includes(BANK_SCOPES[n]))
}
