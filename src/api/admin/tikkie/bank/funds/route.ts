import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { toCents, unitsToDecimalText } from "tikkie-client/account-information"
import { missingScopeError } from "../../../../../modules/tikkie-bank/bank-errors"
import { withBankAccount } from "../../../../../modules/tikkie-bank/bank-session"
import { BANK_SCOPES } from "../../../../../modules/tikkie-bank/scopes"
import type { AdminTikkieBankFundsResponse } from "../../../../types"
import type { FundsQuery } from "../validators"

/** GET /admin/tikkie/bank/funds: whether an amount is available (cents in, exact decimal text to the bank). */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, FundsQuery>,
  res: MedusaResponse<AdminTikkieBankFundsResponse>
) => {
  const q = req.validatedQuery
  const funds = await withBankAccount(req.scope, "Checking funds", async ({ client, accountNumber, scopes }) => {
    if (!scopes.includes(BANK_SCOPES.funds)) throw missingScopeError("funds", "Checking funds")
    return client.funds(accountNumber, {
      amount: unitsToDecimalText(BigInt(q.amount_in_cents), 2),
      currency: q.currency,
    })
  })
  res.json({
    account_number: funds.accountNumber,
    amount_in_cents: toCents(funds.amount),
    currency: funds.currency,
    available: funds.available,
  })
}
