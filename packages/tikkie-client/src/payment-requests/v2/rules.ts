import { amsterdamDate, isCalendarDate } from "./amsterdam-date"

/**
 * The field rules of payment requests v2 as plain functions, so the client (before sending), the
 * sandbox (on receipt) and the property tests share one truth. Each returns the service's public error
 * code when the value breaks the rule, or undefined when it is fine.
 *
 * These rules are v2's own. Payment requests v1 has similar length limits (description 1-35,
 * externalId 1-35) but no referenceId alphabet, so nothing here is shared with v1.
 */

export const DESCRIPTION_MAX_LENGTH = 35
export const REFERENCE_ID_MAX_LENGTH = 35

/**
 * Largest amount of one payment request. Public material does not state the v2 maximum; v1 documents
 * amountInCents as a string of at most 6 digits, so we carry that over: 999,999 cents (9,999.99 euro).
 * For open-amount requests the same value caps the total paid (MAX_YIELD_REACHED in the sandbox).
 */
export const PAYMENT_REQUEST_MAX_AMOUNT_IN_CENTS = 999_999

/** The refunds of one payment together may exceed the amount paid by at most 25.00 euro. */
export const REFUND_ALLOWANCE_IN_CENTS = 2_500

export const PAGE_SIZE_MAX = 50

/** The characters public material allows in a referenceId: a-z A-Z 0-9 ! & ' ( ) + - . / : ? _ ` , and space. */
export const REFERENCE_ID_PATTERN = /^[a-zA-Z0-9!&'()+\-./:?_`, ]{1,35}$/

/**
 * Tokens in paths. Public material does not describe their format; live tokens are short strings of
 * letters and digits. We accept 1-64 letters, digits, "-" and "_", so a token can never smuggle a
 * "/", "?" or "%" into a path, and refuse anything else with the operation's *_TOKEN_INVALID code.
 */
export const PATH_TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

/**
 * Length in Unicode code points, not UTF-16 units: a payer sees "€" or an emoji as one character,
 * and the service counts characters, so "Koffie ☕" is 8 long.
 */
export function characterLength(s: string): number {
  return [...s].length
}

/** Blank descriptions (empty or only white space) are missing: a payer would see nothing. */
export function descriptionCode(value: unknown): "DESCRIPTION_MISSING" | "DESCRIPTION_MAX_LENGTH_EXCEEDED" | undefined {
  if (value === undefined || value === null) return "DESCRIPTION_MISSING"
  if (typeof value !== "string" || value.trim() === "") return "DESCRIPTION_MISSING"
  if (characterLength(value) > DESCRIPTION_MAX_LENGTH) return "DESCRIPTION_MAX_LENGTH_EXCEEDED"
  return undefined
}

/** referenceId is optional; when present it must match the pattern (so "" is refused, not treated as absent). */
export function referenceIdCode(value: unknown): "REFERENCE_ID_INVALID" | undefined {
  if (value === undefined) return undefined
  return typeof value === "string" && REFERENCE_ID_PATTERN.test(value) ? undefined : "REFERENCE_ID_INVALID"
}

/**
 * Amounts are whole cents sent as a JSON number. A string such as "1250" is refused: the request
 * schema is strict so that a caller's unit mistake shows up at once instead of as a wrong amount.
 */
export function isPositiveCents(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0
}

export function paymentRequestAmountCode(
  value: unknown
): "AMOUNT_IN_CENTS_INVALID" | "PAYMENT_REQUEST_MAX_AMOUNT_EXCEEDED" | undefined {
  if (value === undefined) return undefined // open amount: the payer chooses
  if (!isPositiveCents(value)) return "AMOUNT_IN_CENTS_INVALID"
  if (value > PAYMENT_REQUEST_MAX_AMOUNT_IN_CENTS) return "PAYMENT_REQUEST_MAX_AMOUNT_EXCEEDED"
  return undefined
}

export function refundAmountCode(value: unknown): "AMOUNT_IN_CENTS_MISSING" | "AMOUNT_IN_CENTS_INVALID" | undefined {
  if (value === undefined || value === null) return "AMOUNT_IN_CENTS_MISSING"
  return isPositiveCents(value) ? undefined : "AMOUNT_IN_CENTS_INVALID"
}

/**
 * expiryDate must be a real yyyy-mm-dd date that is not before today in Europe/Amsterdam. Today
 * itself is allowed: the request can then be paid until midnight Amsterdam time. No upper bound is
 * documented, so none is enforced.
 */
export function expiryDateCode(
  value: unknown,
  nowMs: number
): "EXPIRY_DATE_INVALID" | "EXPIRY_DATE_NOT_ALLOWED" | undefined {
  if (value === undefined) return undefined
  if (typeof value !== "string" || !isCalendarDate(value)) return "EXPIRY_DATE_INVALID"
  return value < amsterdamDate(nowMs) ? "EXPIRY_DATE_NOT_ALLOWED" : undefined
}

/** The refund rule: all refunds of a payment together at most the amount paid plus 25.00 euro. */
export function refundTooHigh(paidInCents: number, refundedInCents: number, amountInCents: number): boolean {
  return refundedInCents + amountInCents > paidInCents + REFUND_ALLOWANCE_IN_CENTS
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"])

/**
 * Notification URLs. Missing or blank: URL_MISSING. Not an absolute http(s) URL, or longer than 2,048
 * characters: URL_INVALID. URL_DISALLOWED for plain http to anything but loopback (localhost,
 * 127.0.0.1, [::1]): notifications must not cross a network unencrypted, while a developer's
 * receiver on their own machine may use http. Also URL_DISALLOWED: credentials in the URL
 * (user:password@host), which would end up in delivery logs.
 */
export function notificationUrlCode(value: unknown): "URL_MISSING" | "URL_INVALID" | "URL_DISALLOWED" | undefined {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return "URL_MISSING"
  if (typeof value !== "string" || value.length > 2_048) return "URL_INVALID"
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return "URL_INVALID"
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "URL_INVALID"
  if (!url.hostname) return "URL_INVALID"
  if (url.username || url.password) return "URL_DISALLOWED"
  if (url.protocol === "http:" && !LOOPBACK_HOSTS.has(url.hostname)) return "URL_DISALLOWED"
  return undefined
}
