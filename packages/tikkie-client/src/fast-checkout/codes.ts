import type { ServiceCodes } from "../core/validation"

/**
 * The Fast Checkout error codes of the Fast Checkout specification ("Errors"), named so that the client, the sandbox and the
 * tests refer to one list instead of repeating string literals.
 */
export const FAST_CHECKOUT_ERRORS = {
  /** 400: an input parameter is invalid. */
  INVALID: "ERR_1100_004",
  /** 400: parameter missing; the message says which. */
  MISSING: "ERR_1100_005",
  /** 400: "see message"; used for the 50,000 euro maximum of the items (see schemas.ts). */
  SEE_MESSAGE: "ERR_1100_006",
  /** 400: operation not found (answered by the sandbox server for unknown paths). */
  OPERATION_NOT_FOUND: "ERR_1100_007",
  /** 400: unknown field. */
  UNKNOWN_FIELD: "ERR_1100_008",
  /** 400: X-Merchant-Token header missing. */
  MERCHANT_TOKEN_MISSING: "ERR_3100_004",
  /** 400: discount greater than or equal to the total amount. */
  DISCOUNT_TOO_HIGH: "ERR_3100_005",
  /** 404: order not found. */
  ORDER_NOT_FOUND: "ERR_4100_004",
  /** 401: merchant token not valid. */
  MERCHANT_TOKEN_INVALID: "ERR_4100_005",
  /** 500: unknown backend error. */
  BACKEND_ERROR: "ERR_8100_001",
  /** 503: service unavailable. */
  SERVICE_UNAVAILABLE: "ERR_9100_011",
  /**
   * 429 for GET order beyond the rate limit (at most 250 per second). The Fast Checkout specification lists the limit but
   * no code for exceeding it, so the sandbox answers this one (category TOO_MANY_REQUESTS) with a
   * `Retry-After: 1` header; the client's transport retries a GET on any 429 whatever the code.
   */
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS",
} as const

/** How zod failures of a Fast Checkout request map onto the service's generic codes. */
export const FAST_CHECKOUT_VALIDATION_CODES: ServiceCodes = {
  missing: FAST_CHECKOUT_ERRORS.MISSING,
  invalid: FAST_CHECKOUT_ERRORS.INVALID,
  unknown: FAST_CHECKOUT_ERRORS.UNKNOWN_FIELD,
  status: 400,
}
