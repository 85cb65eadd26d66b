import { z } from "zod"
import { FAST_CHECKOUT_ERRORS } from "./codes"
import { formatCents, itemsTotalInCents, MAX_ITEMS_TOTAL_IN_CENTS, orderTotalInCents } from "./money"

/**
 * Schemas of every Fast Checkout request and response (Fast Checkout specification). The request schemas are strict and
 * are used by both the client (before sending) and the sandbox (on receipt), so both refuse the same
 * input with the same code. Response schemas are tolerant of what the live service is known to vary.
 *
 * Choices where the Fast Checkout specification is silent, all enforced by these schemas:
 * - referenceId: 1-100 characters, not only spaces (the document says "free value chosen by the shop").
 * - itemName: 1-100 characters, not only spaces.
 * - items: 1-100 entries (an order without items cannot be paid; 100 bounds the page and the body).
 * - priceInCents, shippingCostsInCents, discountInCents: integers >= 0; quantity: integer >= 1.
 * - expiration: an integer number of seconds from 1 to 2,147,483,647 (a signed 32-bit int, the
 *   widest the service can be assumed to store).
 * - redirectUrl and notificationUrl: absolute http(s) URLs of at most 2,048 characters.
 * - addressRequired: "listed as yes; listed as not supported yet". Optional here: a shop that leaves
 *   it out is not refused for a field the service ignores; when given it must be a boolean.
 * - The 50,000 euro maximum counts the items only (priceInCents × quantity), as the Limits table says
 *   ("combined price of all items"), and is refused with ERR_1100_006 ("see message").
 * - The discount rule (ERR_3100_005) compares with items plus shipping (see money.ts), and applies
 *   only to a discount above 0: a discount of 0 is no discount, so a free order is not refused for it.
 * - When one body breaks several rules, an unknown field is reported first (a misspelt field also
 *   shows up as a missing one, and "unknown field: referenceID" is the more useful message), then a
 *   missing field, then the rest in document order; the money rules run only on a well-formed body.
 */

const TEXT_MAX = 100
const URL_MAX = 2_048
const ITEMS_MAX = 100
const EXPIRATION_MAX_SECONDS = 2_147_483_647

/** Keeps zod's "received undefined" message for a missing field (it maps to ERR_1100_005). */
function unlessMissing(message: string) {
  return { error: (issue: { input?: unknown }) => (issue.input === undefined ? undefined : message) }
}

function text(field: string) {
  return z
    .string(unlessMissing(`${field} must be a string`))
    .max(TEXT_MAX, `${field} may have at most ${TEXT_MAX} characters`)
    .refine((s) => s.trim().length > 0, `${field} must not be empty`)
}

function cents(field: string) {
  return z.int(unlessMissing(`${field} must be a whole number of cents`)).min(0, `${field} must not be negative`)
}

/** True for an absolute http or https URL with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0
  } catch {
    return false
  }
}

function httpUrl(field: string) {
  return z
    .string(unlessMissing(`${field} must be a string`))
    .max(URL_MAX, `${field} may have at most ${URL_MAX} characters`)
    .refine(isHttpUrl, `${field} must be an absolute http or https URL`)
}

export const FastCheckoutItemSchema = z.strictObject({
  itemName: text("itemName"),
  priceInCents: cents("priceInCents"),
  quantity: z.int(unlessMissing("quantity must be a whole number")).min(1, "quantity must be at least 1"),
})

export const CreateOrderBodySchema = z
  .strictObject({
    referenceId: text("referenceId"),
    shippingCostsInCents: cents("shippingCostsInCents"),
    discountInCents: cents("discountInCents").optional(),
    currency: z.string(unlessMissing("currency must be a string")).refine((c) => c === "EUR", "only EUR is supported"),
    expiration: z
      .int(unlessMissing("expiration must be a whole number of seconds"))
      .min(1, "expiration must be a positive number of seconds")
      .max(EXPIRATION_MAX_SECONDS, `expiration may be at most ${EXPIRATION_MAX_SECONDS} seconds`),
    redirectUrl: httpUrl("redirectUrl"),
    notificationUrl: httpUrl("notificationUrl").optional(),
    addressRequired: z.boolean(unlessMissing("addressRequired must be true or false")).optional(),
    items: z
      .array(FastCheckoutItemSchema, unlessMissing("items must be an array"))
      .min(1, "items must contain at least one item")
      .max(ITEMS_MAX, `items may contain at most ${ITEMS_MAX} items`),
  })
  .superRefine((body, ctx) => {
    const itemsTotal = itemsTotalInCents(body.items)
    if (itemsTotal > MAX_ITEMS_TOTAL_IN_CENTS) {
      ctx.addIssue({
        code: "custom",
        path: ["items"],
        message:
          itemsTotal >= Number.MAX_SAFE_INTEGER
            ? `the items together may cost at most ${formatCents(MAX_ITEMS_TOTAL_IN_CENTS)} euro`
            : `the items together cost ${formatCents(itemsTotal)} euro; at most ${formatCents(MAX_ITEMS_TOTAL_IN_CENTS)} euro is allowed`,
        params: { tikkieCode: FAST_CHECKOUT_ERRORS.SEE_MESSAGE },
      })
      return
    }
    const discount = body.discountInCents ?? 0
    const total = orderTotalInCents(body)
    if (discount > 0 && discount >= total) {
      ctx.addIssue({
        code: "custom",
        path: ["discountInCents"],
        message: `discountInCents (${discount}) must be less than the total amount of items plus shipping (${total})`,
        params: { tikkieCode: FAST_CHECKOUT_ERRORS.DISCOUNT_TOO_HIGH },
      })
    }
  })

/** What a shop passes to `createOrder`. */
export type CreateOrderBody = z.input<typeof CreateOrderBodySchema>
export type FastCheckoutItem = z.output<typeof FastCheckoutItemSchema>

/**
 * Order tokens go into a URL path. The live service's tokens are letters and digits; this also allows
 * the other unreserved URL characters (`-._~`) so a token never needs escaping, and refuses anything
 * else locally (ERR_1100_004) instead of sending a path the service could read differently.
 */
export const OrderTokenSchema = z
  .string(unlessMissing("orderToken must be a string"))
  .refine((t) => t.length > 0, {
    message: "orderToken is missing",
    params: { tikkieCode: FAST_CHECKOUT_ERRORS.MISSING },
  })
  .refine((t) => t.length <= 128 && /^[A-Za-z0-9._~-]*$/.test(t), {
    message: "orderToken may only contain letters, digits and - . _ ~ (at most 128 characters)",
  })

export const FAST_CHECKOUT_STATUSES = ["NEW", "PAID", "CANCELLED", "EXPIRED", "ERROR"] as const
export const FastCheckoutStatusSchema = z.enum(FAST_CHECKOUT_STATUSES)
export type FastCheckoutStatus = z.output<typeof FastCheckoutStatusSchema>

/** States an order never leaves. */
export const FAST_CHECKOUT_FINAL_STATUSES: ReadonlyArray<FastCheckoutStatus> = ["PAID", "CANCELLED", "EXPIRED", "ERROR"]

export function isFinalFastCheckoutStatus(status: FastCheckoutStatus): boolean {
  return status !== "NEW"
}

export const CreateSandboxMerchantResponseSchema = z.object({ merchantToken: z.string().min(1) })

export const CreateOrderResponseSchema = z.object({
  checkoutUrl: z.string().refine(isHttpUrl, "checkoutUrl must be an http(s) URL"),
  orderToken: z.string().min(1),
})

/**
 * An integer that may come as a numeric string: the payload table lists shippingCostsInCents as a
 * string while the samples show numbers, so every amount and quantity of a read is accepted either
 * way and comes out as a number. A fraction ("12.5") is still refused: amounts are whole cents.
 */
const IntegerLike = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+$/, "must be an integer"),
  ])
  .transform((v) => Number(v))
  .pipe(z.int())

const OptionalText = z
  .string()
  .nullish()
  .transform((v) => (v === null || v === undefined || v === "" ? undefined : v))

const ShippingAddressSchema = z.object({
  street: z.string(),
  /** A number in some payloads; kept as text because "12a"-style values exist. */
  houseNumber: z.union([z.string(), z.number()]).transform(String),
  /** "optional string, may be null": null and "" both come out as undefined. */
  addition: OptionalText,
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
})

const PayerSchema = z.object({
  companyName: OptionalText,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: OptionalText,
  shippingAddress: ShippingAddressSchema,
})

/** A payer object with nothing in it (every value null, empty or missing). */
function isPlaceholder(value: unknown): boolean {
  if (value === null || value === undefined || value === "") return true
  if (typeof value !== "object" || Array.isArray(value)) return false
  return Object.values(value as Record<string, unknown>).every(isPlaceholder)
}

const FastCheckoutOrderItemSchema = z.object({
  itemName: z.string(),
  priceInCents: IntegerLike,
  quantity: IntegerLike,
})

/**
 * The order as read. "payer: yes by the field table, present with data when the order is paid": a
 * missing, null or all-empty payer (what an unpaid order carries) comes out as undefined; a payer with
 * data must have every required field, so a paid order's address is never silently half-read.
 */
export const FastCheckoutOrderSchema = z.object({
  orderToken: z.string().min(1),
  referenceId: z.string(),
  shippingCostsInCents: IntegerLike,
  discountInCents: IntegerLike.nullish().transform((v) => v ?? undefined),
  currency: z.string(),
  items: z.array(FastCheckoutOrderItemSchema),
  status: FastCheckoutStatusSchema,
  payer: z.preprocess((v) => (isPlaceholder(v) ? undefined : v), PayerSchema.optional()),
})

export type FastCheckoutOrder = z.output<typeof FastCheckoutOrderSchema>
export type FastCheckoutPayer = z.output<typeof PayerSchema>

/**
 * The webhook the service POSTs to notificationUrl. It is not signed: a receiver treats it as a hint
 * and reads the order (GET order) before acting on it. Extra fields are ignored.
 */
export const FastCheckoutWebhookSchema = z.object({
  referenceId: z.string(),
  orderToken: z.string().min(1),
  status: FastCheckoutStatusSchema,
})

export type FastCheckoutWebhook = z.output<typeof FastCheckoutWebhookSchema>
