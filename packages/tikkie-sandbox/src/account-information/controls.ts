import { z } from "zod"
import { amsterdamDate, isBookDate } from "tikkie-client/account-information/book-dates"
import { AIS_CODES } from "tikkie-client/account-information/codes"
import { centsToAmount, decimalToUnits, MAX_EXACT_CENTS } from "tikkie-client/account-information/money"
import { descriptionLinesSchema } from "tikkie-client/account-information/schemas"
import { isValidIban, normalizeIban } from "tikkie-client/core/dutch-iban"
import type { SandboxContext } from "../context"
import { withBody } from "../control"
import { error, type SandboxRequest, type SandboxResponse } from "../http-kit"
import { SEEDED_ACCOUNTS } from "./accounts"
import { transactionJson, type Ledger, type LedgerEntry } from "./ledger"
import { payoutLines } from "../payouts"
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
  .refine(
    (b) => (b.amount === undefined) !== (b.amountInCents === undefined),
    "give exactly one of amount and amountInCents"
  )
  .transform(({ amount, amountInCents, ...rest }) => ({
    ...rest,
    amountCents: amountInCents ?? Number(decimalToUnits(amount!, 2)),
  }))
  .refine(
    (b) => b.amountCents !== 0 && Math.abs(b.amountCents) <= MAX_EXACT_CENTS,
    "amount must be non-zero and at most 15 digits of cents"
  )

/**
 * POST /_sandbox/accounts/:accountNumber/transactions (`control.accountInformation.bookTransaction`):
 * books a transaction (the reconciliation feature books payouts with it). Answers 201 with the
 * transaction as GET transactions shows it.
 *
 * Choice: MESSAGE_RST560_0022 ("invalid book date") and 0023 ("book date in the future") apply to this
 * `bookDate`; the query parameters bookDateFrom/bookDateTo have their own codes (0008/0009/0012/0013).
 */
export function bookTransaction(ctx: SandboxContext, state: AccountInformationState, req: SandboxRequest) {
  return bookingOnAccount(ctx, state, req, BookingBody, (b, { ledger, currency, bookDate }) => {
    const entry = bookOn(ctx, ledger, bookDate, b)
    return { status: 201, json: transactionJson(entry, currency) }
  })
}

/**
 * What both booking controls check first: the account (404), the body, and its `bookDate` (default today; invalid MESSAGE_RST560_0022, in the future MESSAGE_RST560_0023).
 */
function bookingOnAccount<S extends z.ZodType<{ bookDate?: string }>>(
  ctx: SandboxContext,
  state: AccountInformationState,
  req: SandboxRequest,
  schema: S,
  book: (body: z.output<S>, on: { ledger: Ledger; currency: string; bookDate: string }) => SandboxResponse
): SandboxResponse | Promise<SandboxResponse> {
  const iban = normalizeIban(req.params.accountNumber ?? "")
  const account = state.account(iban)
  const ledger = state.ledger(iban)
  if (!account || !ledger) return error(req.traceId, 404, AIS_CODES.NOT_FOUND, "the sandbox holds no such account")
  return withBody(req, schema, (b): SandboxResponse => {
    const today = amsterdamDate(ctx.now())
    const bookDate = b.bookDate ?? today
    if (!isBookDate(bookDate))
      return error(req.traceId, 400, AIS_CODES.BOOK_DATE_INVALID, "bookDate is not a yyyy-mm-dd date")
    if (bookDate > today) {
      return error(
        req.traceId,
        400,
        AIS_CODES.BOOK_DATE_IN_FUTURE,
        `bookDate ${bookDate} is after the current date ${today}`
      )
    }
    return book(b, { ledger, currency: account.currency, bookDate })
  })
}

/** Books one transaction on `bookDate` (checked by the caller): today's at the current time, an earlier day's at its noon. */
function bookOn(
  ctx: SandboxContext,
  ledger: Ledger,
  bookDate: string,
  b: Omit<LedgerEntry, "seq" | "balanceAfterCents" | "transactionId" | "bookDate" | "timestampMs">
) {
  const now = ctx.now()
  return ledger.book({
    transactionId: `${bookDate.replace(/-/g, "")}C${now.toString(36).toUpperCase()}${ledger.size}`,
    bookDate,
    timestampMs: bookDate === amsterdamDate(now) ? now : Date.parse(`${bookDate}T11:00:00Z`),
    amountCents: b.amountCents,
    mutationCode: b.mutationCode,
    descriptionLines: b.descriptionLines,
    counterPartyName: b.counterPartyName,
    counterPartyAccountNumber: b.counterPartyAccountNumber,
  })
}

const PayoutsBody = z.strictObject({
  /** yyyy-mm-dd, default today. */
  bookDate: z.string().optional(),
  /** Only these payments (their references); default every one not paid out yet. */
  references: z.array(z.string().min(1).max(32)).max(10_000).optional(),
})

/**
 * POST /_sandbox/accounts/:accountNumber/payouts (`control.accountInformation.bookPayouts`): Tikkie pays
 * out. Every payment the sandbox took (Fast Checkout orders PAID, payment request payments of v1 and
 * v2, of any merchant or app) that is not on this account yet becomes one credit from "Stichting Tikkie",
 * its description lines `TIKKIE <SOURCE>` and the payment's reference (payouts.ts). `references` limits it
 * to those payments. A payment is on the account when a booking carries its two lines, so asking again
 * books nothing twice, across restarts with a state file too. Answers 201 `{ payouts }`.
 *
 * Choice: one credit per payment, as the reconciliation of the plugin expects it by reference. A real
 * Tikkie may bundle payouts (BUNDLED_PAYOUT_NOT_ENABLED is one of its codes); the sandbox does not.
 */
export function bookPayouts(ctx: SandboxContext, state: AccountInformationState, req: SandboxRequest) {
  return bookingOnAccount(ctx, state, req, PayoutsBody, (b, { ledger, bookDate }) => {
    const key = (lines: readonly string[]) => lines.join("\n").toLowerCase()
    const onAccount = new Set<string>()
    for (const e of ledger.newestFirst({})) {
      for (let i = 0; i + 1 < e.descriptionLines.length; i++) onAccount.add(key(e.descriptionLines.slice(i, i + 2)))
    }
    const wanted = b.references ? new Set(b.references.map((r) => r.toLowerCase())) : undefined
    const payouts = []
    for (const paid of ctx.payouts.paid()) {
      const lines = payoutLines(paid)
      if (wanted && !wanted.has(paid.reference.toLowerCase())) continue
      if (onAccount.has(key(lines))) continue
      onAccount.add(key(lines))
      const entry = bookOn(ctx, ledger, bookDate, {
        amountCents: paid.amountInCents,
        mutationCode: "658",
        descriptionLines: lines,
        counterPartyName: "Stichting Tikkie",
        counterPartyAccountNumber: "",
      })
      payouts.push({
        source: paid.source,
        reference: paid.reference,
        amountInCents: paid.amountInCents,
        transactionId: entry.transactionId,
        bookDate,
      })
    }
    return { status: 201, json: { payouts } }
  })
}
