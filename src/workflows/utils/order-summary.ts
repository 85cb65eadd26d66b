/** `total` makes Medusa compute the current summary; `summary.*` alone reads a row 2.21 leaves stale after claims. */
export const CURRENT_ORDER_SUMMARY_FIELDS = ["total", "summary"]
