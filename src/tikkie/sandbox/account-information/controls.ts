import { z } from "zod"
import { amsterdamDate, isBookDate } from "../../account-information/book-dates"
import { AIS_CODES } from "../../account-information/codes"
import { centsToAmount, decimalToUnits, MAX_EXACT_CENTS } from "../../account-information/money"
import { descriptionLinesSchema } from "../../account-information/schemas"
import { isValidIban, normalizeIban } from "../../core/dutch-iban"
import type { SandboxContext } from "../context"
import { withBody } from "../control"
import { error, type SandboxRequest, type SandboxResponse } from "../http-kit"
import { SEEDED_ACCOUNTS } from "./accounts"
import { transactionJson } from "./ledger"
import type { AccountInformationState } from "./state"

/** GET /_sandbox/accounts (`control.accountInformation.listAccounts`). */
export function listAccounts(state: AccountInformationState): SandboxResponse {
  return {
    status: 200,
    json: {
      accounts: SEEDED_ACCOUNTS.map((a) => {
        const ledger = state.ledger(a.accountNumber)!
        return {
          accountNumber: a.accountNumber,
          accountHolderName: a.accountHolderName,
          currency: a.currency,
          bank: a.bank,
          balance: centsToAmount(ledger.balanceCents),
          balanceInCents: ledger.balanceCents,
          creditLineInCents: ledger.creditLineCents,
          transactionCount: ledger.size,
        }
      }),
    },
  }
}

const BookingBody = z
  .strictObject({
    /** Euro, at most 2 decimals, negative for a debit. Or amountInCents; exactly one of the two. */
    amount: z
      .number()
      .refine((v) => decimalToUnits(v, 2) !== undefined, "amount must have at most 2 decimals")
      .optional(),
    amountInCents: z.number().int().optional(),
    descriptionLines: descriptionLinesSchema.default([]),
    counterPartyName: z.string().max(70).default(""),
    counterPartyAccountNumber: z
      .string()
      .default("")
      .refine((v) => v === "" || isValidIban(v), "counterPartyAccountNumber must be an IBAN or empty")
      .transform((v) => (v === "" ? "" : normalizeIban(v))),
    mutationCode: z.string().min(1).max(10).default("658"),
    /** yyyy-mm-dd, default today; an earlier date moves the balance after every later booking. */
    bookDate: z.string().optional(),
  })
  .refine((b) => (b.amount === undefined) !== (b.amountInCents === undefined), "give exactly one of amount and amountInCents")
  .transform(({ amount, amountInCents, ...rest }) => ({
    ...rest,
    amountCents: amountInCents ?? Number(decimalToUnits(amount!, 2)),
  }))
  .refine((b) => b.amountCents !== 0 && Math.abs(b.amountCents) <= MAX_EXACT_CENTS, "amount must be non-zero and at most 15 digits of cents")

/**
 * POST /_sandbox/accounts/:accountNumber/transactions (`control.accountInformation.bookTransaction`):
 * books a transaction (the reconciliation feature books payouts with it). Answers 201 with the
 * transaction as GET transactions shows it.
 *
 * Choice: MESSAGE_RST560_0022 ("invalid book date") and 0023 ("book date in the future") apply to this
 * `bookDate`; the query parameters bookDateFrom/bookDateTo have their own codes (0008/0009/0012/0013).
 */
export function bookTransaction(ctx: SandboxContext, state: AccountInformationState, req: SandboxRequest) {
  const iban = normalizeIban(req.params.accountNumber ?? "")
  const account = state.account(iban)
  const ledger = state.ledger(iban)
  if (!account || !ledger) return error(req.traceId, 404, AIS_CODES.NOT_FOUND, "the sandbox holds no such account")
  return withBody(req, BookingBody, (b): SandboxResponse => {
    const today = amsterdamDate(ctx.now())
    const bookDate = b.bookDate ?? today
    if (!isBookDate(bookDate)) return error(req.traceId, 400, AIS_CODES.BOOK_DATE_INVALID, "bookDate is not a yyyy-mm-dd date")
    if (bookDate > today) {
      return error(req.traceId, 400, AIS_CODES.BOOK_DATE_IN_FUTURE, `bookDate ${bookDate} is after the current date ${today}`)
    }
    const now = ctx.now()
    const entry = ledger.book({
      transactionId: `${bookDate.replace(/-/g, "")}C${now.toString(36).toUpperCase()}${ledger.size}`,
      bookDate,
      // Today's bookings carry the current time; a booking on an earlier day is placed at its noon.
      timestampMs: bookDate === today ? now : Date.parse(`${bookDate}T11:00:00Z`),
      amountCents: b.amountCents,
      mutationCode: b.mutationCode,
      descriptionLines: b.descriptionLines,
      counterPartyName: b.counterPartyName,
      counterPartyAccountNumber: b.counterPartyAccountNumber,
    })
    return { status: 201, json: transactionJson(entry, account.currency) }
  })
}
