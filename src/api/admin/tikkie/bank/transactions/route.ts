import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { toCents } from "tikkie-client/account-information"
import { missingScopeError } from "../../../../../modules/tikkie-bank/bank-errors"
import { withBankAccount } from "../../../../../modules/tikkie-bank/bank-session"
import { BANK_SCOPES } from "../../../../../modules/tikkie-bank/scopes"
import type { AdminTikkieBankTransactionsResponse } from "../../../../types"
import type { TransactionsQuery } from "../validators"

/** GET /admin/tikkie/bank/transactions: one page read live from the bank; the client checks its date rules first. */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, TransactionsQuery>,
  res: MedusaResponse<AdminTikkieBankTransactionsResponse>
) => {
  const q = req.validatedQuery
  const page = await withBankAccount(req.scope, "Reading transactions", async ({ client, accountNumber, scopes }) => {
    if (!scopes.includes(BANK_SCOPES.transactions)) throw missingScopeError("transactions", "Reading transactions")
    return client.transactionsPage(accountNumber, {
      bookDateFrom: q.book_date_from,
      bookDateTo: q.book_date_to,
      nextPageKey: q.next_page_key,
    })
  })
  res.json({
    account_number: page.accountNumber,
    transactions: page.transactions.map((t) => ({
      transaction_id: t.transactionId,
      book_date: t.bookDate ?? null,
      amount_in_cents: toCents(t.amount),
      currency: t.currency,
      description_lines: t.descriptionLines ?? [],
      counter_party_name: t.counterPartyName ?? null,
      counter_party_account_number: t.counterPartyAccountNumber || null,
      mutation_code: t.mutationCode ?? null,
      balance_after_in_cents: t.balanceAfterMutation === undefined ? null : toCents(t.balanceAfterMutation),
    })),
    next_page_key: page.nextPageKey ?? null,
  })
}
