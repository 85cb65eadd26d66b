/**
 * Numbers of payment requests v1 that both the client and the sandbox rely on.
 */

/** Payment request specification, "Limits": "Default payment request expiry: 14 days". */
export const PAYMENT_REQUEST_EXPIRY_DAYS = 14
export const PAYMENT_REQUEST_EXPIRY_MS = PAYMENT_REQUEST_EXPIRY_DAYS * 24 * 3_600 * 1_000

/** amountInCents is "a string of length 1-6", so 999999 cents (€ 9.999,99) is the largest expressible amount. */
export const MAX_AMOUNT_IN_CENTS = 999_999

/**
 * Choice: the largest `limit` of the list operation. The payment request specification gives no maximum; the only page maximum the
 * service family documents is v2's pageSize 1-50 (public Tikkie material), so v1 uses 50 too. A larger limit is
 * refused with ERR_1100_004 rather than silently cut, so a caller never mistakes a short page for the end.
 */
export const MAX_LIST_LIMIT = 50

/**
 * Choice: the "agreed maximum" yield of one open-amount request in the sandbox (the payment request specification leaves it to the
 * contract). It equals the largest single amount, so a test reaches MAX_YIELD_REACHED in two payments.
 */
export const SANDBOX_MAX_YIELD_IN_CENTS = MAX_AMOUNT_IN_CENTS
