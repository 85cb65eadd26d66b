import { decimalToUnits } from "tikkie-client/account-information/money"
import { FUNDS_AMOUNT_DECIMALS, fundsQuerySchema, SCOPE_FOR } from "tikkie-client/account-information/schemas"
import type { SandboxContext } from "../context"
import type { SandboxRequest, SandboxResponse } from "../http-kit"
import { guardAccount } from "./guard"
import { refusal } from "./refusal"
import type { AccountInformationState } from "./state"

/**
 * GET /v1/accounts/{accountNumber}/funds (`accountInformation.checkFunds`): available when balance plus
 * credit line covers the amount, compared exactly in thousandths (the amount may have 3 decimals).
 *
 * Choices: an empty `currency=` is invalid (0015), not "omitted"; a currency other than the account's
 * answers available: false (the sandbox converts no currencies). `amount` is echoed as requested.
 */
export function checkFunds(ctx: SandboxContext, state: AccountInformationState, req: SandboxRequest): SandboxResponse {
  const g = guardAccount(ctx, state, req, SCOPE_FOR.funds)
  if (!g.ok) return g.response
  const { account, ledger } = g.value
  const parsed = fundsQuerySchema.safeParse({
    amount: req.query.get("amount") ?? undefined,
    currency: req.query.get("currency") ?? undefined,
  })
  if (!parsed.success) return refusal(req.traceId, parsed.error)
  const currency = parsed.data.currency ?? "EUR"
  const wanted = decimalToUnits(parsed.data.amount, FUNDS_AMOUNT_DECIMALS)!
  // cents -> thousandths: an integer shift, no rounding.
  const available = BigInt(ledger.balanceCents + ledger.creditLineCents) * 10n
  return {
    status: 200,
    json: {
      accountNumber: account.accountNumber,
      amount: Number(parsed.data.amount),
      currency,
      available: currency === account.currency && available >= wanted,
    },
  }
}
