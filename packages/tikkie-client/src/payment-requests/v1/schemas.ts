import { z } from "zod"
import { isDutchIban, normalizeIban } from "../../core/dutch-iban"
import { isDutchPhoneNumber } from "../../core/dutch-phone"
import { V1_ERRORS } from "./codes"
import { MAX_AMOUNT_IN_CENTS, MAX_LIST_LIMIT } from "./limits"

/**
 * Schemas of payment requests v1 (Payment Request Service Specification, version 1). Request schemas are strict and shared
 * with the sandbox, so the client and the sandbox refuse the same input with the same code (see
 * V1_SERVICE_CODES for how a zod issue becomes ERR_1100_004/005/006). Response schemas are tolerant.
 */

// ---------------------------------------------------------------------------------------------------
// Field rules
// ---------------------------------------------------------------------------------------------------

/**
 * Choice: lengths count Unicode code points, the characters a person sees ("é" and "😀" are one each),
 * not UTF-16 units; the payment request specification only says "length".
 */
export function codePointLength(s: string): number {
  let n = 0
  for (const _ of s) n++
  return n
}

function lengthMessage(min: number, max: number): string {
  return min === max ? `must be exactly ${min} characters long` : `must be ${min}-${max} characters long`
}

/**
 * A text field of min..max characters. Choice: a value of only spaces is refused even when its length
 * fits, because the service would show an empty name or description to the payer.
 */
export function textField(min: number, max: number) {
  return z
    .string()
    .refine(
      (v) => {
        const n = codePointLength(v)
        return n >= min && n <= max
      },
      lengthMessage(min, max)
    )
    .refine((v) => min === 0 || v.trim() !== "", "must not be blank")
}

const emailFormat = z.email()

/** Choice: a notification URL must be an absolute http(s) URL, since the service has to POST to it. */
function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v)
    return u.protocol === "http:" || u.protocol === "https:"
  } catch {
    return false
  }
}

/**
 * Dutch IBAN with a valid mod-97 checksum. Spaces and lower case are accepted and sent in electronic
 * format (NL91ABNA0417164300), the form the service echoes in bankAccounts.
 */
export const dutchIban = z
  .string()
  .superRefine((v, ctx) => {
    const iban = normalizeIban(v)
    if (!iban.startsWith("NL")) {
      ctx.addIssue({ code: "custom", message: "only Dutch IBANs (starting with NL) are accepted" })
    } else if (!isDutchIban(iban)) {
      ctx.addIssue({ code: "custom", message: "is not a valid Dutch IBAN (format or check digits are wrong)" })
    }
  })
  .transform((v) => normalizeIban(v))

/** A platform's contact number: 5-100 characters, Dutch numbers only, in any notation (+31 20 ..., 020-...). */
export const platformPhoneNumber = textField(5, 100).refine(isDutchPhoneNumber, "must be a Dutch phone number")

/** A user's number: exactly 10 characters (0612345678, 0201234567) and Dutch. */
export const userPhoneNumber = z
  .string()
  .refine((v) => codePointLength(v) === 10, "must be exactly 10 characters long, e.g. 0612345678")
  .refine(isDutchPhoneNumber, "must be a Dutch phone number")

/**
 * amountInCents is a string of 1-6 digits in v1. Choice: a JSON integer is accepted too and sent as its
 * digits (a Java backend coerces it the same way); zero is refused, since "no amount" is expressed by
 * leaving the field out (open amount).
 */
export const amountInCentsField = z
  .union([z.string(), z.number()], { error: "must be a string of 1-6 digits" })
  .transform((v) => String(v))
  .pipe(
    z
      .string()
      .refine(
        (v) => /^\d{1,6}$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_AMOUNT_IN_CENTS,
        "must be 1-6 digits (cents) and at least 1"
      )
  )

/**
 * Choice: only EUR. The payment request specification says "length 3", but Tikkie pays out to Dutch bank accounts in euro and
 * MAX_YIELD_REACHED is defined "in euro"; another currency would be a request nobody could pay.
 */
export const currencyField = z
  .string()
  .refine((v) => codePointLength(v) === 3, "must be exactly 3 characters long")
  .refine((v) => codePointLength(v) !== 3 || v === "EUR", "only EUR is supported")

/** A token in a path: an empty one counts as missing (ERR_1100_005), not as invalid. */
export const pathToken = z.preprocess((v) => (v === "" ? undefined : v), z.string())

/**
 * Choice: a date-time filter needs a zone (Z or +01:00): the payment request specification says ISO-8601 date-time, and one
 * without a zone would mean a different instant on the store's server than on the service.
 */
const isoDateTime = z.iso.datetime({ offset: true })
export const isoDateTimeField = z.preprocess(
  (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString() : v),
  z
    .string()
    .refine(
      (v) => isoDateTime.safeParse(v).success,
      "must be an ISO-8601 date-time with a zone, e.g. 2024-05-01T12:00:00Z"
    )
)
/** Query values arrive as strings on the wire and as numbers from the client. */
function wholeNumber(v: unknown): unknown {
  return typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v
}

// ---------------------------------------------------------------------------------------------------
// Requests (strict)
// ---------------------------------------------------------------------------------------------------

export const PLATFORM_USAGE = "PAYMENT_REQUEST_FOR_MYSELF"

export const CreatePlatformRequest = z.strictObject({
  name: textField(2, 100),
  phoneNumber: platformPhoneNumber,
  email: textField(5, 100)
    .refine((v) => emailFormat.safeParse(v).success, "must be an e-mail address")
    .nullish(),
  notificationUrl: z
    .string()
    .refine((v) => codePointLength(v) <= 200, "must be at most 200 characters long")
    .refine(isHttpUrl, "must be an absolute http(s) URL")
    .nullish(),
  // A string refined to the one value (not z.literal), so that an absent value is "missing" (ERR_1100_005).
  platformUsage: z.string().refine((v) => v === PLATFORM_USAGE, `must be ${PLATFORM_USAGE}`),
})
export type CreatePlatformInput = z.input<typeof CreatePlatformRequest>

export const CreateUserRequest = z.strictObject({
  name: textField(2, 70),
  phoneNumber: userPhoneNumber,
  iban: dutchIban,
  bankAccountLabel: textField(2, 70),
})
export type CreateUserInput = z.input<typeof CreateUserRequest>

export const CreatePaymentRequestRequest = z.strictObject({
  /** Leave out for an open amount: the payer chooses. */
  amountInCents: amountInCentsField.optional(),
  currency: currencyField,
  description: textField(1, 35),
  /** Mandatory because the only platform usage is PAYMENT_REQUEST_FOR_MYSELF. */
  externalId: textField(1, 35),
})
export type CreatePaymentRequestInput = z.input<typeof CreatePaymentRequestRequest>

/**
 * Query of the list operation. Choices: offset and limit are required (payment request specification); limit is 1-50
 * (MAX_LIST_LIMIT). A value that breaks its own rule is ERR_1100_004 like any other field; a search
 * that cannot be run although every value is well formed (fromDate not before toDate) is ERR_1100_003,
 * "could not search for the payment request". fromDate and toDate are exclusive: "created after" and
 * "created before".
 */
export const ListPaymentRequestsQuery = z
  .strictObject({
    offset: z.preprocess(
      wholeNumber,
      z.number().refine((n) => Number.isSafeInteger(n) && n >= 0, "must be a whole number of at least 0")
    ),
    limit: z.preprocess(
      wholeNumber,
      z
        .number()
        .refine(
          (n) => Number.isSafeInteger(n) && n >= 1 && n <= MAX_LIST_LIMIT,
          `must be a whole number from 1 to ${MAX_LIST_LIMIT}`
        )
    ),
    fromDate: isoDateTimeField.optional(),
    toDate: isoDateTimeField.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.fromDate !== undefined && q.toDate !== undefined && Date.parse(q.fromDate) >= Date.parse(q.toDate)) {
      ctx.addIssue({
        code: "custom",
        path: ["fromDate"],
        message: "could not search: fromDate must be before toDate",
        params: { tikkieCode: V1_ERRORS.SEARCH_FAILED },
      })
    }
  })
export type ListPaymentRequestsInput = z.input<typeof ListPaymentRequestsQuery>

export const PlatformPath = z.strictObject({ platformToken: pathToken })
export const UserPath = z.strictObject({ platformToken: pathToken, userToken: pathToken })
export const BankAccountPath = z.strictObject({
  platformToken: pathToken,
  userToken: pathToken,
  bankAccountToken: pathToken,
})
export const PaymentRequestPath = z.strictObject({
  platformToken: pathToken,
  userToken: pathToken,
  paymentRequestToken: pathToken,
})

// ---------------------------------------------------------------------------------------------------
// Responses (tolerant)
// ---------------------------------------------------------------------------------------------------

/**
 * Money in integer cents. v1 sends amountInCents as a string of digits; a number is accepted too, and
 * both are read as an integer number of cents (choice: the client hands out numbers, never strings).
 */
export const integerValue = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^\s*-?\d{1,15}\s*$/)
    .transform((v) => Number(v.trim())),
])

/** ISO-8601 or epoch milliseconds (a public client saw both), normalised to ISO-8601 in UTC. */
export const dateTimeValue = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const ms = typeof v === "number" ? v : /^\d{9,}$/.test(v.trim()) ? Number(v.trim()) : Date.parse(v)
  if (!Number.isFinite(ms) || Number.isNaN(new Date(ms).getTime())) {
    ctx.addIssue({ code: "custom", message: "is not a date-time" })
    return z.NEVER
  }
  return new Date(ms).toISOString()
})

export const centsValue = integerValue

const booleanValue = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")])

function orNull<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((v) => v ?? null)
}
function orUndefined<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((v) => v ?? undefined)
}
const tokenValue = z.union([z.string(), z.number()]).transform((v) => String(v))

/**
 * Choice: tolerance covers spelling and format (strings for numbers, epoch dates, URL spelling), not
 * vocabulary. A status outside the payment request specification's lists is refused as INVALID_RESPONSE, so a store never
 * treats an unknown state as paid or as open.
 */
export const ENTITY_STATUSES = ["ACTIVE", "INACTIVE"] as const
export const PAYMENT_REQUEST_STATUSES = [
  "OPEN",
  "CLOSED",
  "EXPIRED",
  "MAX_YIELD_REACHED",
  "MAX_SUCCESSFUL_PAYMENTS_REACHED",
] as const
export type PaymentRequestStatus = (typeof PAYMENT_REQUEST_STATUSES)[number]
export const ONLINE_PAYMENT_STATUSES = ["NEW", "PENDING", "PAID", "NOT_PAID"] as const
export type OnlinePaymentStatus = (typeof ONLINE_PAYMENT_STATUSES)[number]

export const PlatformSchema = z.object({
  name: z.string(),
  platformToken: tokenValue,
  phoneNumber: z.string(),
  email: orNull(z.string()),
  notificationUrl: orNull(z.string()),
  status: z.enum(ENTITY_STATUSES),
  platformUsage: z.string(),
})
export type Platform = z.output<typeof PlatformSchema>

export const BankAccountSchema = z.object({
  bankAccountToken: tokenValue,
  iban: z.string(),
  bankAccountLabel: z.string(),
})
export type BankAccount = z.output<typeof BankAccountSchema>

export const UserSchema = z.object({
  userToken: tokenValue,
  name: z.string(),
  status: z.enum(ENTITY_STATUSES),
  bankAccounts: z.array(BankAccountSchema),
})
export type User = z.output<typeof UserSchema>

/** The create answer; `paymentRequestURL` (one sample's spelling) is read as `paymentRequestUrl`. */
export const CreatePaymentRequestAnswerSchema = z
  .object({
    paymentRequestUrl: z.string().optional(),
    paymentRequestURL: z.string().optional(),
    paymentRequestToken: tokenValue,
    externalId: orUndefined(z.string()),
  })
  .refine((o) => (o.paymentRequestUrl ?? o.paymentRequestURL) !== undefined, {
    message: "paymentRequestUrl is missing",
    path: ["paymentRequestUrl"],
  })
  .transform((o) => ({
    paymentRequestUrl: (o.paymentRequestUrl ?? o.paymentRequestURL) as string,
    paymentRequestToken: o.paymentRequestToken,
    externalId: o.externalId,
  }))
export type CreatePaymentRequestAnswer = z.output<typeof CreatePaymentRequestAnswerSchema>

export const PaymentSchema = z.object({
  payId: tokenValue,
  paymentToken: orUndefined(tokenValue),
  counterPartyName: orUndefined(z.string()),
  amountInCents: orUndefined(centsValue),
  amountCurrency: orUndefined(z.string()),
  description: orUndefined(z.string()),
  created: orUndefined(dateTimeValue),
  onlinePaymentStatus: z.enum(ONLINE_PAYMENT_STATUSES),
})
export type Payment = z.output<typeof PaymentSchema>

export const PaymentRequestSchema = z.object({
  paymentRequestToken: tokenValue,
  /** null for an open amount (the payer chooses). */
  amountInCents: orNull(centsValue),
  currency: z.string(),
  description: z.string(),
  created: dateTimeValue,
  /** null in one sample of an open request. */
  expired: orNull(dateTimeValue),
  status: z.enum(PAYMENT_REQUEST_STATUSES),
  bankAccountYieldedTooFast: booleanValue.nullish().transform((v) => v ?? false),
  externalId: orUndefined(z.string()),
  payments: z
    .array(PaymentSchema)
    .nullish()
    .transform((v) => v ?? []),
})
export type PaymentRequest = z.output<typeof PaymentRequestSchema>

export const PaymentRequestListSchema = z.object({
  paymentRequests: z.array(PaymentRequestSchema),
  totalElements: integerValue.pipe(z.number().int().min(0)),
})
export type PaymentRequestList = z.output<typeof PaymentRequestListSchema>

export const PlatformListSchema = z.array(PlatformSchema)
export const UserListSchema = z.array(UserSchema)
