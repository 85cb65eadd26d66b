/**
 * Query fields for an order's summary as it stands now (`pending_difference`: what the order still owes,
 * negative when the shop owes money back). Asking for `total` makes the order module compute the
 * order's totals and its summary from the current version, as the admin's order page does; asking for
 * `summary.*` alone reads the stored summary row, which Medusa 2.21 does not update when a claim or an
 * exchange is confirmed (it kept `pending_difference` 0 while the admin showed -15.13 owed back).
 */
export const CURRENT_ORDER_SUMMARY_FIELDS = ["total", "summary"]
