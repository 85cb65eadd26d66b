import { z } from "zod"
import { isValidIban, normalizeIban } from "../core/dutch-iban"
import { AIS_CODES } from "./codes"
import { addDays, earliestBookDateFrom, isBookDate } from "./book-dates"
import { decimalToUnits, unitsToDecimalText } from "./money"

/**
 * Every request and response of the account information service and its authorization service.
 * Request schemas are strict and name the service's own error code per rule (`params.tikkieCode`), so
 * the client refuses bad input locally with the code the sandbox (sharing these schemas) would answer.
 * Response schemas are tolerant: documented alternative spellings, numbers sent as strings.
 */

// ---------------------------------------------------------------------------------------------
// Scopes and banks

export const SCOPES = [
  "psd2:account:details:read",
  "psd2:account:balance:read",
  "psd2:account:transaction:read",
  "psd2:account:funds:read",
  /** Legacy payment requests v1 (payment request specification) uses tokens of the same authorization service. */
  "pay",
] as const
export const scopeSchema = z.enum(SCOPES)
export type Scope = z.infer<typeof scopeSchema>

export const SCOPE_FOR = {
  details: "psd2:account:details:read",
  balances: "psd2:account:balance:read",
  transactions: "psd2:account:transaction:read",
  funds: "psd2:account:funds:read",
} as const satisfies Record<string, Scope>

export const BANKS = ["NLAA01", "BEPB01", "BEPB02"] as const
export const bankSchema = z.enum(BANKS)
export type Bank = z.infer<typeof bankSchema>
/** NL service accounts and commercial accounts in BE, GB and DE. */
export const DEFAULT_BANK: Bank = "NLAA01"

/** Scopes travel space-separated (token endpoint, consent info) or `+`-joined (consent URL). */
export function splitScopes(text: string): string[] {
  return text.split(/[\s+]+/).filter(Boolean)
}

// ---------------------------------------------------------------------------------------------
// Request rules shared by client and sandbox

function fail(ctx: z.core.$RefinementCtx, tikkieCode: string, message: string): never {
  ctx.addIssue({ code: "custom", message, params: { tikkieCode } })
  return z.NEVER
}

/** The longest IBAN any country issues (ISO 13616). */
export const MAX_ACCOUNT_NUMBER_LENGTH = 34

/**
 * Path parameter accountNumber: an IBAN of any country the service serves (NL, BE, GB, DE), written
 * with or without spaces and in either case; the output is the electronic form (NL91ABNA0417164300).
 */
export const accountNumberSchema = z.unknown().transform((value, ctx): string => {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
    return fail(ctx, AIS_CODES.ACCOUNT_NUMBER_EMPTY, "accountNumber is empty")
  }
  if (typeof value !== "string") return fail(ctx, AIS_CODES.IBAN_INVALID, "accountNumber must be an IBAN")
  const iban = normalizeIban(value)
  if (iban.length > MAX_ACCOUNT_NUMBER_LENGTH) {
    return fail(
      ctx,
      AIS_CODES.ACCOUNT_NUMBER_TOO_LONG,
      `accountNumber is longer than ${MAX_ACCOUNT_NUMBER_LENGTH} characters`
    )
  }
  if (!isValidIban(iban)) return fail(ctx, AIS_CODES.IBAN_INVALID, "accountNumber is not a valid IBAN")
  return iban
})

/**
 * Query of GET /v1/accounts/{accountNumber}/transactions. `today` is the Amsterdam date of the
 * checking side (the client's clock, or the sandbox's `ctx.now()`).
 *
 * Rule order: shape of bookDateFrom (0009) and bookDateTo (0008), then from after today (0013), to
 * after today (0012), from after to (0011), from before the 18-month limit (BAI560_0029). A date that
 * has the yyyy-mm-dd shape but names no calendar day (2024-02-30) is invalid like any other bad text.
 *
 * Choice: MESSAGE_RST560_0022/0023 ("invalid book date", "book date in the future") do not apply to
 * these parameters, which have their own codes; the sandbox uses them for the `bookDate` of a
 * booking made through its control interface.
 */
export function transactionsQuerySchema(today: string) {
  return z
    .strictObject({
      bookDateFrom: z
        .string()
        .optional()
        .superRefine((v, ctx) => {
          if (v !== undefined && !isBookDate(v))
            fail(ctx, AIS_CODES.FROM_DATE_INVALID, "bookDateFrom is not a yyyy-mm-dd date")
        }),
      bookDateTo: z
        .string()
        .optional()
        .superRefine((v, ctx) => {
          if (v !== undefined && !isBookDate(v))
            fail(ctx, AIS_CODES.TO_DATE_INVALID, "bookDateTo is not a yyyy-mm-dd date")
        }),
      nextPageKey: z.string().min(1, "nextPageKey is empty").max(2_000, "nextPageKey is too long").optional(),
    })
    .superRefine((q, ctx) => {
      const { bookDateFrom: from, bookDateTo: to } = q
      if (from !== undefined && from > today) {
        fail(ctx, AIS_CODES.FROM_DATE_IN_FUTURE, `bookDateFrom ${from} is after the current date ${today}`)
      } else if (to !== undefined && to > today) {
        fail(ctx, AIS_CODES.TO_DATE_IN_FUTURE, `bookDateTo ${to} is after the current date ${today}`)
      } else if (from !== undefined && to !== undefined && from > to) {
        fail(ctx, AIS_CODES.FROM_AFTER_TO, `bookDateFrom ${from} is after bookDateTo ${to}`)
      } else if (from !== undefined && from < earliestBookDateFrom(today)) {
        fail(
          ctx,
          AIS_CODES.FROM_DATE_TOO_OLD,
          `bookDateFrom ${from} is more than 18 months in the past (earliest ${earliestBookDateFrom(today)})`
        )
      }
    })
}
export type TransactionsQuery = z.output<ReturnType<typeof transactionsQuerySchema>>

/** The day before the earliest allowed bookDateFrom: handy in tests and error messages. */
export function dayBeforeEarliestBookDateFrom(today: string): string {
  return addDays(earliestBookDateFrom(today), -1)
}

/** Funds amounts may carry up to 3 decimals (account information specification, "Rules for funds"). */
export const FUNDS_AMOUNT_DECIMALS = 3

const CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf("currency"))

/**
 * A 3-letter ISO 4217 code, upper case, that ICU knows (so "XYZ" and "eur" are refused: the
 * document asks for the ISO code, and upper case is how ISO writes it).
 */
export function isIsoCurrency(text: string): boolean {
  return /^[A-Z]{3}$/.test(text) && CURRENCIES.has(text)
}

/**
 * Query of GET /v1/accounts/{accountNumber}/funds. amount: missing or blank text is 0018; anything
 * but a positive decimal with at most 3 decimals is 0014 (exponent forms like "1e3", signs and
 * thousands separators included). The output amount is canonical decimal text ("12.5", "0.001").
 */
export const fundsQuerySchema = z.strictObject({
  amount: z.unknown().transform((value, ctx): string => {
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
      return fail(ctx, AIS_CODES.AMOUNT_BLANK, "amount is blank")
    }
    const plain = typeof value === "string" ? /^\d+(\.\d+)?$/.test(value.trim()) : typeof value === "number"
    const units = plain ? decimalToUnits(value as string | number, FUNDS_AMOUNT_DECIMALS) : undefined
    if (units === undefined || units <= 0n) {
      return fail(ctx, AIS_CODES.AMOUNT_INVALID, "amount must be a positive number with at most 3 decimals")
    }
    return unitsToDecimalText(units, FUNDS_AMOUNT_DECIMALS)
  }),
  currency: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      if (v !== undefined && !isIsoCurrency(v))
        fail(ctx, AIS_CODES.CURRENCY_INVALID, "currency must be a 3-letter ISO 4217 code")
    }),
})
export type FundsQuery = z.output<typeof fundsQuerySchema>

// ---------------------------------------------------------------------------------------------
// Authorization service requests (sandbox side; the client builds them from typed options)

/** `redirect_uri`: an absolute http(s) URL. Other schemes (javascript:, data:) are refused. */
export const redirectUriSchema = z.string().refine((v) => {
  try {
    const u = new URL(v)
    return u.protocol === "http:" || u.protocol === "https:"
  } catch {
    return false
  }
}, "redirect_uri must be an absolute http or https URL")

export const scopeTextSchema = z
  .string({ error: "scope is required" })
  .transform((text) => splitScopes(text))
  .pipe(
    z.array(z.enum(SCOPES, { error: (issue) => `unknown scope: ${String(issue.input)}` })).min(1, "scope is required")
  )

export const authorizationQuerySchema = z.object({
  scope: scopeTextSchema,
  client_id: z.string({ error: "client_id is required" }).min(1, "client_id is required"),
  response_type: z.literal("code", { error: "response_type must be code" }),
  flow: z.literal("code", { error: "flow must be code" }),
  redirect_uri: redirectUriSchema.optional(),
  bank: bankSchema.default(DEFAULT_BANK),
  state: z.string().max(2_000, "state is too long").optional(),
})
export type AuthorizationQuery = z.output<typeof authorizationQuerySchema>

/** Unknown form fields are ignored, as RFC 6749 3.2 asks of a token endpoint. */
export const authorizationCodeGrantSchema = z.object({
  grant_type: z.literal("authorization_code"),
  code: z.string({ error: "code is required" }).min(1, "code is required"),
  client_id: z.string({ error: "client_id is required" }).min(1, "client_id is required"),
  redirect_uri: z.string().optional(),
})

export const refreshTokenGrantSchema = z.object({
  grant_type: z.literal("refresh_token"),
  refresh_token: z.string({ error: "refresh_token is required" }).min(1, "refresh_token is required"),
  client_id: z.string({ error: "client_id is required" }).min(1, "client_id is required"),
  scope: z.string().optional(),
})

// ---------------------------------------------------------------------------------------------
// Responses (tolerant)

const numberLike = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
])

/**
 * Token response. The document shows `valid`, public samples show `expires_in` (7193 or 7200
 * seconds); either is accepted and both become `expires_in`. token_type is case-insensitive (RFC 6749).
 */
export const tokenResponseSchema = z
  .object({
    access_token: z.string().min(1),
    refresh_token: z.string().min(1),
    token_type: z.string().refine((t) => t.toLowerCase() === "bearer", "token_type must be Bearer"),
    expires_in: numberLike.optional(),
    valid: numberLike.optional(),
    scope: z.string().optional(),
  })
  .refine((t) => t.expires_in !== undefined || t.valid !== undefined, "expires_in or valid is required")
  .transform((t) => ({
    access_token: t.access_token,
    refresh_token: t.refresh_token,
    token_type: "Bearer" as const,
    /** Seconds the access token stays valid, counted from the answer. */
    expires_in: (t.expires_in ?? t.valid) as number,
    scopes: t.scope === undefined ? undefined : splitScopes(t.scope),
  }))
export type TokenResponse = z.output<typeof tokenResponseSchema>

export const consentInfoSchema = z
  .object({
    iban: z.string().optional(),
    transactionId: z.string().nullable().optional(),
    scopes: z.string().optional(),
    valid: numberLike,
  })
  .transform((c) => ({
    iban: c.iban,
    transactionId: c.transactionId ?? null,
    scopes: c.scopes === undefined ? [] : splitScopes(c.scopes),
    valid: c.valid,
  }))
export type ConsentInfo = z.output<typeof consentInfoSchema>

/** One public description spells the holder field `AccountHolderName`; both spellings are read. */
export const accountDetailsSchema = z
  .object({
    accountNumber: z.string(),
    currency: z.string(),
    accountHolderName: z.string().optional(),
    AccountHolderName: z.string().optional(),
  })
  .refine((d) => d.accountHolderName !== undefined || d.AccountHolderName !== undefined, {
    message: "accountHolderName is missing",
    path: ["accountHolderName"],
  })
  .transform((d) => ({
    accountNumber: d.accountNumber,
    currency: d.currency,
    accountHolderName: (d.accountHolderName ?? d.AccountHolderName) as string,
  }))
export type AccountDetails = z.output<typeof accountDetailsSchema>

export const balanceSchema = z.object({
  accountNumber: z.string(),
  balanceType: z.string(),
  currency: z.string(),
  /** Euro number as sent; use `toCents(amount)` to compare. Negative for a debit balance. */
  amount: numberLike,
})
export type Balance = z.output<typeof balanceSchema>

export const MAX_DESCRIPTION_LINES = 9
export const MAX_DESCRIPTION_LINE_LENGTH = 32
export const descriptionLinesSchema = z
  .array(
    z
      .string()
      .max(MAX_DESCRIPTION_LINE_LENGTH, `a description line holds at most ${MAX_DESCRIPTION_LINE_LENGTH} characters`)
  )
  .max(MAX_DESCRIPTION_LINES, `at most ${MAX_DESCRIPTION_LINES} description lines`)

export const transactionSchema = z.object({
  transactionId: z.string(),
  /** Euro number as sent; negative when deducted. Compare with `toCents`. */
  amount: numberLike,
  currency: z.string(),
  mutationCode: z.string().optional(),
  descriptionLines: descriptionLinesSchema.optional(),
  bookDate: z.string().optional(),
  /** The table says string, the samples show numbers: kept as sent; `toCents` reads both. */
  balanceAfterMutation: z.union([z.number(), z.string()]).optional(),
  counterPartyAccountNumber: z.string().optional(),
  counterPartyName: z.string().optional(),
  /** Public material shows these two besides the document's fields. */
  transactionTimestamp: z.union([z.string(), z.number()]).optional(),
  status: z.string().optional(),
})
export type Transaction = z.output<typeof transactionSchema>

/**
 * Transaction list. A blank body ("when no transactions exist, a blank response is returned") reaches
 * the schema as `undefined` and reads as an empty list.
 */
export const transactionListSchema = z.union([
  z.undefined().transform(() => ({
    transactions: [] as Transaction[],
    accountNumber: undefined as string | undefined,
    nextPageKey: undefined as string | undefined,
  })),
  z
    .object({
      transactions: z.array(transactionSchema).optional(),
      accountNumber: z.string(),
      nextPageKey: z.string().optional(),
    })
    .transform((l) => ({
      transactions: l.transactions ?? [],
      accountNumber: l.accountNumber as string | undefined,
      nextPageKey: l.nextPageKey || undefined,
    })),
])
export type TransactionList = z.output<typeof transactionListSchema>

export const fundsCheckSchema = z.object({
  accountNumber: z.string(),
  amount: numberLike,
  currency: z.string(),
  available: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]),
})
export type FundsCheck = z.output<typeof fundsCheckSchema>
