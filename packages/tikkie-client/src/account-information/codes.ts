/**
 * Error codes of the account information service (account information specification, "Errors"), plus the codes public
 * material shows for its gateway. Client and sandbox both refer to these names, so a local refusal
 * and the service's own carry the same code.
 */
export const AIS_CODES = {
  ACCOUNT_NUMBER_EMPTY: "MESSAGE_RST560_0001",
  IBAN_INVALID: "MESSAGE_RST560_0007",
  TO_DATE_INVALID: "MESSAGE_RST560_0008",
  FROM_DATE_INVALID: "MESSAGE_RST560_0009",
  ACCOUNT_NUMBER_TOO_LONG: "MESSAGE_RST560_0010",
  FROM_AFTER_TO: "MESSAGE_RST560_0011",
  TO_DATE_IN_FUTURE: "MESSAGE_RST560_0012",
  FROM_DATE_IN_FUTURE: "MESSAGE_RST560_0013",
  AMOUNT_INVALID: "MESSAGE_RST560_0014",
  CURRENCY_INVALID: "MESSAGE_RST560_0015",
  NO_ACCESS_TO_ACCOUNT: "MESSAGE_RST560_0016",
  AMOUNT_BLANK: "MESSAGE_RST560_0018",
  BOOK_DATE_INVALID: "MESSAGE_RST560_0022",
  BOOK_DATE_IN_FUTURE: "MESSAGE_RST560_0023",
  FROM_DATE_TOO_OLD: "MESSAGE_BAI560_0029",
  REPORT_DOWNLOAD_FAILED: "MESSAGE_BAI560_0005",
  /** Public Tikkie material: access token not valid or expired (401). */
  ACCESS_TOKEN_INVALID: "ERR_2002_002",
  /** Public Tikkie material: insufficient scope (403). */
  INSUFFICIENT_SCOPE: "ERR_3002_003",
  /** Public Tikkie material: not found (404); the sandbox uses it for an account it does not hold. */
  NOT_FOUND: "ERR_4001_001",
  /**
   * Gateway-wide codes of the payment request and Fast Checkout specifications (the account information specification lists none of its own for these cases):
   * a missing header, an invalid parameter that has no RST560 code (a nextPageKey that does not fit),
   * and an unknown field.
   */
  PARAMETER_MISSING: "ERR_1100_005",
  PARAMETER_INVALID: "ERR_1100_004",
  UNKNOWN_FIELD: "ERR_1100_008",
} as const

/** The generic codes `validateOutgoing` falls back on when no rule names its own code. */
export const AIS_SERVICE_CODES = {
  missing: AIS_CODES.PARAMETER_MISSING,
  invalid: AIS_CODES.PARAMETER_INVALID,
  unknown: AIS_CODES.UNKNOWN_FIELD,
}

/** OAuth errors of the authorization service (RFC 6749 section 5.2), as `{error, error_description}`. */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "invalid_scope"
  | "access_denied"

export const OAUTH_SERVICE_CODES = {
  missing: "invalid_request",
  invalid: "invalid_request",
  unknown: "invalid_request",
}
