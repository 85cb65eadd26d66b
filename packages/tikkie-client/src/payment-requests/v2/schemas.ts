import { z } from "zod"
import { amsterdamDate } from "./amsterdam-date"
import { statusOf } from "./error-codes"
import {
  DESCRIPTION_MAX_LENGTH,
  descriptionCode,
  expiryDateCode,
  notificationUrlCode,
  PAGE_SIZE_MAX,
  PATH_TOKEN_PATTERN,
  PAYMENT_REQUEST_MAX_AMOUNT_IN_CENTS,
  paymentRequestAmountCode,
  referenceIdCode,
  refundAmountCode,
} from "./rules"

/**
 * Schemas of payment requests v2, shared by the client and the sandbox so both refuse the same input
 * with the same code. Requests are strict (unknown fields refused, every rule named by its public
 * code through `params.tikkieCode`); responses are tolerant (numbers sent as strings, dates sent as
 * epoch milliseconds, extra fields).
 */

const MESSAGES: Record<string, string> = {
  DESCRIPTION_MISSING: "description is missing",
  DESCRIPTION_MAX_LENGTH_EXCEEDED: `description is longer than ${DESCRIPTION_MAX_LENGTH} characters`,
  AMOUNT_IN_CENTS_MISSING: "amountInCents is missing",
  AMOUNT_IN_CENTS_INVALID: "amountInCents must be a whole number of cents greater than 0",
  PAYMENT_REQUEST_MAX_AMOUNT_EXCEEDED: `amountInCents is above the maximum of ${PAYMENT_REQUEST_MAX_AMOUNT_IN_CENTS} cents`,
  EXPIRY_DATE_INVALID: "expiryDate must be a calendar date written yyyy-mm-dd",
  EXPIRY_DATE_NOT_ALLOWED: "expiryDate is in the past (Europe/Amsterdam)",
  REFERENCE_ID_INVALID: "referenceId must be 1-35 characters of a-z, A-Z, 0-9, space and !&'()+-./:?_`,",
  URL_MISSING: "url is missing",
  URL_INVALID: "url must be an absolute http(s) URL of at most 2048 characters",
  URL_DISALLOWED: "url must use https (plain http only to localhost) and carry no credentials",
}

function fail(ctx: z.RefinementCtx, code: string, message = MESSAGES[code] ?? code): typeof z.NEVER {
  ctx.addIssue({ code: "custom", message, params: { tikkieCode: code, status: statusOf(code) } })
  return z.NEVER
}

/** A field whose every failure, including absence, is named by `rule`. */
function ruled<T>(rule: (v: unknown) => string | undefined): z.ZodType<T> {
  return z.unknown().transform((v, ctx) => {
    const code = rule(v)
    return code ? fail(ctx, code) : (v as T)
  }) as unknown as z.ZodType<T>
}

/** The body must be a JSON object before its fields are looked at. */
function jsonObject<T>(shape: z.ZodType<T>): z.ZodType<T> {
  return z
    .unknown()
    .superRefine((v, ctx) => {
      if (v === null || typeof v !== "object" || Array.isArray(v)) {
        fail(ctx, "INVALID_REQUEST_BODY", "the body must be a JSON object")
      }
    })
    .pipe(shape) as unknown as z.ZodType<T>
}

// ---------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------

export interface CreatePaymentRequestBody {
  description: string
  /** Leave out for an open amount: the payer chooses. */
  amountInCents?: number
  /** yyyy-mm-dd; default 14 days from today (Europe/Amsterdam). */
  expiryDate?: string
  referenceId?: string
}

/** The expiry check needs "today": the client passes the wall clock, the sandbox its own clock. */
export function createPaymentRequestBodySchema(now: () => number = Date.now): z.ZodType<CreatePaymentRequestBody> {
  return jsonObject(
    z.strictObject({
      description: ruled<string>(descriptionCode),
      amountInCents: ruled<number | undefined>(paymentRequestAmountCode),
      expiryDate: ruled<string | undefined>((v) => expiryDateCode(v, now())),
      referenceId: ruled<string | undefined>(referenceIdCode),
    })
  )
}

export const CreatePaymentRequestBodySchema = createPaymentRequestBodySchema()

export interface CreateRefundBody {
  amountInCents: number
  description: string
  referenceId?: string
}

export const CreateRefundBodySchema: z.ZodType<CreateRefundBody> = jsonObject(
  z.strictObject({
    amountInCents: ruled<number>(refundAmountCode),
    description: ruled<string>(descriptionCode),
    referenceId: ruled<string | undefined>(referenceIdCode),
  })
)

export interface SubscriptionBody {
  url: string
}

export const SubscriptionBodySchema: z.ZodType<SubscriptionBody> = jsonObject(
  z.strictObject({ url: ruled<string>(notificationUrlCode) })
)

/** A whole number from 0, as a JSON number (client) or as query text (sandbox). */
function wholeNumber(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isSafeInteger(v) && v >= 0 ? v : undefined
  if (typeof v === "string" && /^\d{1,15}$/.test(v)) return Number(v)
  return undefined
}

/**
 * pageNumber is 0-based, as on the live service. The public list has no code for an unusable (rather
 * than absent) page number or size, so a value that is not a whole number in range is answered with
 * the *_MISSING code, and a message that says what is wrong.
 */
const PageNumber = z.unknown().transform((v, ctx) => {
  if (v === undefined || v === "") return fail(ctx, "PAGE_NUMBER_MISSING", "pageNumber is missing")
  const n = wholeNumber(v)
  return n === undefined
    ? fail(ctx, "PAGE_NUMBER_MISSING", "pageNumber must be a whole number from 0 (the first page)")
    : n
})

const PageSize = z.unknown().transform((v, ctx) => {
  if (v === undefined || v === "") return fail(ctx, "PAGE_SIZE_MISSING", "pageSize is missing")
  const n = wholeNumber(v)
  if (n === undefined || n < 1)
    return fail(ctx, "PAGE_SIZE_MISSING", `pageSize must be a whole number from 1 to ${PAGE_SIZE_MAX}`)
  return n > PAGE_SIZE_MAX ? fail(ctx, "PAGE_SIZE_TOO_LARGE", `pageSize is above the maximum of ${PAGE_SIZE_MAX}`) : n
})

const isoDateTimeCheck = z.iso.datetime({ offset: true })

/** ISO-8601 date-time with a zone (Z or ±hh:mm); a Date is accepted by the client and sent as ISO-8601. */
function dateTimeParam(code: "FROM_DATE_TIME_INVALID" | "TO_DATE_TIME_INVALID", name: string) {
  return z.unknown().transform((v, ctx): string | undefined => {
    if (v === undefined) return undefined
    if (v instanceof Date && !Number.isNaN(v.getTime())) return v.toISOString()
    if (typeof v === "string" && isoDateTimeCheck.safeParse(v).success) return v
    return fail(ctx, code, `${name} must be an ISO-8601 date-time with a time zone, e.g. 2024-05-01T12:00:00Z`)
  })
}

/**
 * Both bounds filter on createdDateTime: from inclusive, to exclusive, so consecutive windows
 * [a, b) and [b, c) neither overlap nor miss a record. A toDateTime before fromDateTime is refused
 * with TO_DATE_TIME_INVALID rather than answered with an empty list, because it is always a mistake.
 */
function withDateOrder<T extends { fromDateTime?: string; toDateTime?: string }>(schema: z.ZodType<T>): z.ZodType<T> {
  return schema.transform((q, ctx) => {
    if (q.fromDateTime && q.toDateTime && Date.parse(q.toDateTime) < Date.parse(q.fromDateTime)) {
      return fail(ctx, "TO_DATE_TIME_INVALID", "toDateTime is before fromDateTime")
    }
    return q
  }) as unknown as z.ZodType<T>
}

export interface ListPaymentRequestsQuery {
  pageNumber: number
  pageSize: number
  fromDateTime?: string
  toDateTime?: string
}

/** What a caller may pass: dates also as Date objects. */
export type ListPaymentRequestsInput = Omit<ListPaymentRequestsQuery, "fromDateTime" | "toDateTime"> & {
  fromDateTime?: string | Date
  toDateTime?: string | Date
}

const listShape = {
  pageNumber: PageNumber,
  pageSize: PageSize,
  fromDateTime: dateTimeParam("FROM_DATE_TIME_INVALID", "fromDateTime"),
  toDateTime: dateTimeParam("TO_DATE_TIME_INVALID", "toDateTime"),
}

export const ListPaymentRequestsQuerySchema: z.ZodType<ListPaymentRequestsQuery> = withDateOrder(
  jsonObject(z.strictObject(listShape) as unknown as z.ZodType<ListPaymentRequestsQuery>)
)

export interface ListPaymentsQuery extends ListPaymentRequestsQuery {
  /** Default true: each payment carries its refunds. */
  includeRefunds: boolean
}

export type ListPaymentsInput = ListPaymentRequestsInput & { includeRefunds?: boolean }

export const ListPaymentsQuerySchema: z.ZodType<ListPaymentsQuery> = withDateOrder(
  jsonObject(
    z.strictObject({
      ...listShape,
      includeRefunds: z.unknown().transform((v, ctx): boolean => {
        if (v === undefined || v === true || v === "true") return true
        if (v === false || v === "false") return false
        return fail(ctx, "INCLUDE_REFUNDS_INVALID", "includeRefunds must be true or false")
      }),
    }) as unknown as z.ZodType<ListPaymentsQuery>
  )
)

function pathToken(
  code: "PAYMENT_REQUEST_TOKEN_INVALID" | "PAYMENT_TOKEN_INVALID" | "REFUND_TOKEN_INVALID",
  name: string
) {
  return z.unknown().transform((v, ctx): string => {
    if (typeof v === "string" && PATH_TOKEN_PATTERN.test(v)) return v
    return fail(ctx, code, `${name} must be 1-64 letters, digits, "-" or "_"`)
  })
}

export const PaymentRequestTokenSchema = pathToken("PAYMENT_REQUEST_TOKEN_INVALID", "paymentRequestToken")
export const PaymentTokenSchema = pathToken("PAYMENT_TOKEN_INVALID", "paymentToken")
export const RefundTokenSchema = pathToken("REFUND_TOKEN_INVALID", "refundToken")

// ---------------------------------------------------------------------------------------------------
// Responses (tolerant)
// ---------------------------------------------------------------------------------------------------

/** Whole numbers, also when a service sends them as strings ("1250"). */
export const IntegerSchema = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^-?\d{1,15}$/)
    .transform(Number),
])

function isEpochMillis(v: unknown): v is number | string {
  return (typeof v === "number" && Number.isFinite(v)) || (typeof v === "string" && /^\d{9,15}$/.test(v))
}

/**
 * createdDateTime as ISO-8601. One public client saw the service send epoch milliseconds instead;
 * those (number or digit string) are converted, ISO-8601 strings kept as sent.
 */
export const DateTimeSchema = z.union([z.number(), z.string()]).transform((v, ctx): string => {
  if (isEpochMillis(v)) {
    const d = new Date(Number(v))
    if (!Number.isNaN(d.getTime())) return d.toISOString()
  } else if (typeof v === "string" && !Number.isNaN(Date.parse(v))) {
    return v
  }
  ctx.addIssue({ code: "custom", message: "not an ISO-8601 date-time or epoch milliseconds" })
  return z.NEVER
})

/**
 * expiryDate as yyyy-mm-dd. Should it arrive as epoch milliseconds or as a full date-time, it is
 * turned into the Europe/Amsterdam calendar date of that instant.
 */
export const DateSchema = z.union([z.number(), z.string()]).transform((v, ctx): string => {
  if (typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v)) return v
  const ms = isEpochMillis(v) ? Number(v) : Date.parse(String(v))
  if (Number.isFinite(ms)) return amsterdamDate(ms)
  ctx.addIssue({ code: "custom", message: "not a yyyy-mm-dd date" })
  return z.NEVER
})

/** Absent and null read the same: undefined. */
function optional<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((v) => (v ?? undefined) as z.output<T> | undefined)
}

export const PAYMENT_REQUEST_STATUSES = [
  "OPEN",
  "CLOSED",
  "EXPIRED",
  "MAX_YIELD_REACHED",
  "MAX_SUCCESSFUL_PAYMENTS_REACHED",
] as const
export type PaymentRequestStatus = (typeof PAYMENT_REQUEST_STATUSES)[number]

export const PaymentRequestSchema = z.looseObject({
  paymentRequestToken: z.string().min(1),
  url: z.string().min(1),
  /** Absent for an open amount. */
  amountInCents: optional(IntegerSchema),
  description: z.string(),
  referenceId: optional(z.string()),
  createdDateTime: DateTimeSchema,
  expiryDate: optional(DateSchema),
  status: z.enum(PAYMENT_REQUEST_STATUSES),
  /** GET one and list only. */
  numberOfPayments: optional(IntegerSchema),
  /** GET one and list only. */
  totalAmountPaidInCents: optional(IntegerSchema),
})
export type PaymentRequest = z.output<typeof PaymentRequestSchema>

export const REFUND_STATUSES = ["PENDING", "PAID"] as const
export type RefundStatus = (typeof REFUND_STATUSES)[number]

export const RefundSchema = z.looseObject({
  refundToken: z.string().min(1),
  amountInCents: IntegerSchema,
  description: z.string(),
  referenceId: optional(z.string()),
  createdDateTime: DateTimeSchema,
  status: z.enum(REFUND_STATUSES),
})
export type Refund = z.output<typeof RefundSchema>

export const PaymentSchema = z.looseObject({
  paymentToken: z.string().min(1),
  tikkieId: z.union([z.string(), z.number().transform(String)]),
  counterPartyName: optional(z.string()),
  counterPartyAccountNumber: optional(z.string()),
  amountInCents: IntegerSchema,
  description: optional(z.string()),
  createdDateTime: DateTimeSchema,
  /** Absent when the list was asked with includeRefunds=false. */
  refunds: optional(z.array(RefundSchema)),
})
export type Payment = z.output<typeof PaymentSchema>

export const PaymentRequestListSchema = z.looseObject({
  paymentRequests: z.array(PaymentRequestSchema),
  totalElementCount: IntegerSchema,
})
export type PaymentRequestList = z.output<typeof PaymentRequestListSchema>

export const PaymentListSchema = z.looseObject({
  payments: z.array(PaymentSchema),
  totalElementCount: IntegerSchema,
})
export type PaymentList = z.output<typeof PaymentListSchema>

export const SubscriptionSchema = z.looseObject({ subscriptionId: z.string().min(1) })
export type Subscription = z.output<typeof SubscriptionSchema>

export const SandboxAppSchema = z.looseObject({ appToken: z.string().min(1) })
export type SandboxApp = z.output<typeof SandboxAppSchema>

/** DELETE subscription answers 204 with no body. */
export const EmptySchema = z.unknown()

// ---------------------------------------------------------------------------------------------------
// Notification (POSTed by the service to the subscribed url)
// ---------------------------------------------------------------------------------------------------

/**
 * A notification is unsigned and only a hint: a receiver checks `subscriptionId` against its own,
 * then fetches the payment or refund named here before acting on it.
 */
export const PaymentRequestNotificationSchema = z.discriminatedUnion("notificationType", [
  z.looseObject({
    subscriptionId: z.string().min(1),
    notificationType: z.literal("PAYMENT"),
    paymentRequestToken: z.string().min(1),
    paymentToken: z.string().min(1),
  }),
  z.looseObject({
    subscriptionId: z.string().min(1),
    notificationType: z.literal("REFUND"),
    paymentRequestToken: z.string().min(1),
    paymentToken: z.string().min(1),
    refundToken: z.string().min(1),
  }),
])
export type PaymentRequestNotification = z.output<typeof PaymentRequestNotificationSchema>
