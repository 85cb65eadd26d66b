import { centsToAmount } from "tikkie-client/account-information/money"
import { SCOPE_FOR } from "tikkie-client/account-information/schemas"
import type { SandboxContext } from "../context"
import type { SandboxRequest, SandboxResponse } from "../http-kit"
import { guardAccount } from "./guard"
import type { AccountInformationState } from "./state"

/**
 * GET /v1/accounts/{accountNumber}/balances (`accountInformation.getBalances`): the book balance, i.e.
 * the balance after the latest booking. balanceType is BOOKBALANCE, the only value the document shows.
 */
export function getBalances(ctx: SandboxContext, state: AccountInformationState, req: SandboxRequest): SandboxResponse {
  const g = guardAccount(ctx, state, req, SCOPE_FOR.balances)
  if (!g.ok) return g.response
  const { account, ledger } = g.value
  return {
    status: 200,
    json: {
      accountNumber: account.accountNumber,
      balanceType: "BOOKBALANCE",
      currency: account.currency,
      amount: centsToAmount(ledger.balanceCents),
    },
  }
}
