import { addDays, amsterdamDate, isBankDay } from "tikkie-client/account-information/book-dates"
import { AIS_CODES } from "tikkie-client/account-information/codes"
import { SCOPE_FOR, transactionsQuerySchema } from "tikkie-client/account-information/schemas"
import type { SandboxContext } from "../context"
import { error, type SandboxRequest, type SandboxResponse } from "../http-kit"
import { guardAccount } from "./guard"
import { transactionJson, type LedgerPosition } from "./ledger"
import { decodePageKey, encodePageKey } from "./next-page-key"
import { refusal } from "./refusal"
import type { AccountInformationState } from "./state"

export const TRANSACTIONS_PER_PAGE = 50

/**
 * GET /v1/accounts/{accountNumber}/transactions (`accountInformation.getTransactions`).
 *
 * Choices where the account information specification is silent or ambiguous:
 * - bookDateFrom and bookDateTo are both INCLUSIVE. The document says "more recent than" and
 *   "preceding", but it refuses only from > to (0011), so from = to must be a meaningful query, and
 *   it is only with inclusive bounds (one day's bookings).
 * - Without bookDateFrom: the last 50 (within bookDateTo when given), one page, no nextPageKey.
 * - With bookDateFrom: pages of 50, newest first; nextPageKey when more exist. The next page must be
 *   asked with the same bookDateFrom and bookDateTo (public material: "send the same date filters
 *   again"); a key used with other filters, another account, or not issued by us answers 400
 *   ERR_1100_004 (the gateway-wide "invalid input parameter"; the document has no code for it).
 * - No matching bookings: a blank 200 body. Except MESSAGE_BAI560_0005 (500, "no data ... not a bank
 *   day"): when bookDateFrom is given and every day from it to bookDateTo (or today) is a Saturday or
 *   Sunday and nothing was booked on them.
 */
export function getTransactions(
  ctx: SandboxContext,
  state: AccountInformationState,
  req: SandboxRequest
): SandboxResponse {
  const g = guardAccount(ctx, state, req, SCOPE_FOR.transactions)
  if (!g.ok) return g.response
  const { account, ledger } = g.value
  const today = amsterdamDate(ctx.now())
  const parsed = transactionsQuerySchema(today).safeParse({
    bookDateFrom: req.query.get("bookDateFrom") ?? undefined,
    bookDateTo: req.query.get("bookDateTo") ?? undefined,
    nextPageKey: req.query.get("nextPageKey") ?? undefined,
  })
  if (!parsed.success) return refusal(req.traceId, parsed.error)
  const { bookDateFrom: from, bookDateTo: to, nextPageKey } = parsed.data

  let after: LedgerPosition | undefined
  if (nextPageKey !== undefined) {
    const key = decodePageKey(nextPageKey)
    if (!key || key.accountNumber !== account.accountNumber) {
      return error(req.traceId, 400, AIS_CODES.PARAMETER_INVALID, "nextPageKey is not valid for this account")
    }
    if (key.bookDateFrom !== from || key.bookDateTo !== (to ?? null)) {
      const again = `bookDateFrom=${key.bookDateFrom}${key.bookDateTo === null ? "" : ` and bookDateTo=${key.bookDateTo}`}`
      return error(
        req.traceId,
        400,
        AIS_CODES.PARAMETER_INVALID,
        `nextPageKey belongs to other date filters: send ${again} again with it`
      )
    }
    after = key.after
  }

  const matching = ledger.newestFirst({ from, to, after })
  if (matching.length === 0) {
    if (
      from !== undefined &&
      !after &&
      !hasBankDay(from, to ?? today) &&
      !ledger.hasBookingsBetween(from, to ?? today)
    ) {
      return error(
        req.traceId,
        500,
        AIS_CODES.REPORT_DOWNLOAD_FAILED,
        "report download failure: no data for the request (not a bank day); choose another date",
        "BACKEND_ERROR"
      )
    }
    // Account information specification: "When no transactions exist, a blank response is returned."
    return { status: 200 }
  }
  const page = matching.slice(0, TRANSACTIONS_PER_PAGE)
  const last = page[page.length - 1]
  const more = from !== undefined && matching.length > TRANSACTIONS_PER_PAGE
  return {
    status: 200,
    json: {
      accountNumber: account.accountNumber,
      transactions: page.map((e) => transactionJson(e, account.currency)),
      ...(more
        ? {
            nextPageKey: encodePageKey({
              accountNumber: account.accountNumber,
              bookDateFrom: from,
              bookDateTo: to ?? null,
              after: { bookDate: last.bookDate, timestampMs: last.timestampMs, seq: last.seq },
            }),
          }
        : {}),
    },
  }
}

function hasBankDay(from: string, to: string): boolean {
  for (let d = from; d <= to; d = addDays(d, 1)) if (isBankDay(d)) return true
  return false
}
