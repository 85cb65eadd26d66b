import type { ServiceCodes } from "../../core/validation"

/**
 * The error codes of payment requests v1 (payment request specification, "Version 1 error codes"), plus the two codes of the
 * authorization service that public Tikkie material shows for bearer tokens.
 */
export const V1_ERRORS = {
  USER_NOT_CREATED: "ERR_1100_001",
  PAYMENT_REQUEST_NOT_FOUND: "ERR_1100_002",
  SEARCH_FAILED: "ERR_1100_003",
  INVALID_INPUT: "ERR_1100_004",
  PARAMETER_MISSING: "ERR_1100_005",
  SEE_MESSAGE: "ERR_1100_006",
  OPERATION_NOT_FOUND: "ERR_1100_007",
  MAX_PLATFORMS_REACHED: "ERR_3100_001",
  MAX_USERS_REACHED: "ERR_3100_002",
  CLIENT_NOT_FOUND: "ERR_4100_001",
  PLATFORM_NOT_FOUND: "ERR_4100_002",
  USER_NOT_FOUND: "ERR_4100_003",
  BACKEND_ERROR: "ERR_8100_001",
  SERVICE_UNAVAILABLE: "ERR_9100_011",
  ACCESS_TOKEN_INVALID: "ERR_2002_002",
  INSUFFICIENT_SCOPE: "ERR_3002_003",
} as const

/**
 * How a refused field maps onto the v1 codes, the same in the client and the sandbox:
 * - a required field, header, path token or query parameter that is absent: ERR_1100_005, naming it;
 * - a present value that breaks its rule (length, format, Dutch only, checksum, allowed value): ERR_1100_004;
 * - a field the operation does not know: ERR_1100_006 ("see the message field"), the message names it.
 *   Choice: unknown fields are refused rather than ignored, so a typo (`amount` for `amountInCents`) cannot
 *   silently turn a fixed-amount request into an open-amount one.
 */
export const V1_SERVICE_CODES: ServiceCodes = {
  missing: V1_ERRORS.PARAMETER_MISSING,
  invalid: V1_ERRORS.INVALID_INPUT,
  unknown: V1_ERRORS.SEE_MESSAGE,
  status: 400,
}
