import type { ServiceCodes } from "../../core/validation"

/**
 * The public error codes of payment requests v2 with the HTTP status the service answers them with.
 * The sandbox answers exactly these; the client raises the 400s itself before sending.
 */
export const PAYMENT_REQUESTS_V2_ERRORS = {
  DESCRIPTION_MISSING: 400,
  DESCRIPTION_MAX_LENGTH_EXCEEDED: 400,
  AMOUNT_IN_CENTS_MISSING: 400,
  AMOUNT_IN_CENTS_INVALID: 400,
  EXPIRY_DATE_INVALID: 400,
  EXPIRY_DATE_NOT_ALLOWED: 400,
  REFERENCE_ID_INVALID: 400,
  PAYMENT_REQUEST_MAX_AMOUNT_EXCEEDED: 400,
  PAGE_NUMBER_MISSING: 400,
  PAGE_SIZE_MISSING: 400,
  PAGE_SIZE_TOO_LARGE: 400,
  FROM_DATE_TIME_INVALID: 400,
  TO_DATE_TIME_INVALID: 400,
  URL_MISSING: 400,
  URL_INVALID: 400,
  URL_DISALLOWED: 400,
  PAYMENT_REQUEST_TOKEN_INVALID: 400,
  PAYMENT_TOKEN_INVALID: 400,
  REFUND_TOKEN_INVALID: 400,
  REFUND_AMOUNT_IS_TOO_HIGH: 400,
  APP_TOKEN_INVALID: 401,
  APP_TOKEN_ALREADY_IN_USE: 401,
  APP_TOKEN_DISABLED: 401,
  PAYMENT_REQUEST_FORBIDDEN: 403,
  REFUND_FORBIDDEN: 403,
  PAYMENT_REQUEST_NOT_FOUND: 404,
  PAYMENT_NOT_FOUND: 404,
  REFUND_NOT_FOUND: 404,
  INTERNAL_SERVER_ERROR: 500,
  // Not in the public list, which is silent on these cases; our own names (see V2_GENERIC_CODES).
  API_KEY_INVALID: 401,
  INVALID_REQUEST_BODY: 400,
  UNKNOWN_FIELD: 400,
  INCLUDE_REFUNDS_INVALID: 400,
} as const

export type PaymentRequestsV2ErrorCode = keyof typeof PAYMENT_REQUESTS_V2_ERRORS

/**
 * Codes for what the public list does not name:
 * - a body that is absent, not JSON, or not a JSON object: INVALID_REQUEST_BODY (400);
 * - a field the operation does not know: UNKNOWN_FIELD (400). Request bodies are strict on purpose: a
 *   misspelt `amountInCent` would otherwise silently create an open-amount request.
 * A missing or blank API-Key header answers API_KEY_INVALID (401), the way the gateway refuses a call
 * it cannot attribute to a consumer.
 */
export const V2_GENERIC_CODES: ServiceCodes = {
  missing: "INVALID_REQUEST_BODY",
  invalid: "INVALID_REQUEST_BODY",
  unknown: "UNKNOWN_FIELD",
  status: 400,
}

export function statusOf(code: string): number {
  return (PAYMENT_REQUESTS_V2_ERRORS as Record<string, number>)[code] ?? 400
}
