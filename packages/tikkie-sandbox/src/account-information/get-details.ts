import { SCOPE_FOR } from "tikkie-client/account-information/schemas"
import type { SandboxContext } from "../context"
import type { SandboxRequest, SandboxResponse } from "../http-kit"
import { guardAccount } from "./guard"
import type { AccountInformationState } from "./state"

/** GET /v1/accounts/{accountNumber}/details (`accountInformation.getDetails`). */
export function getDetails(ctx: SandboxContext, state: AccountInformationState, req: SandboxRequest): SandboxResponse {
  const g = guardAccount(ctx, state, req, SCOPE_FOR.details)
  if (!g.ok) return g.response
  const { account } = g.value
  return {
    status: 200,
    json: {
      accountNumber: account.accountNumber,
      currency: account.currency,
      accountHolderName: account.accountHolderName,
    },
  }
}
