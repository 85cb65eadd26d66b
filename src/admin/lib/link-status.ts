/**
 * A Tikkie payment link's state in words an admin reads, with the colour of Medusa's status badges:
 * Tikkie's own statuses ("MAX_SUCCESSFUL_PAYMENTS_REACHED") say how a link stopped, not whether the money
 * came, so the payments decide first. Words: `linkStatus.<state>` in src/admin/i18n.
 */
export type LinkState =
  "needsAttention" | "refunded" | "partlyRefunded" | "paid" | "cancelled" | "expired" | "closed" | "open"

export interface LinkStatusInput {
  status: string
  paid_in_cents: number
  refunded_in_cents: number
  cancelled_at: string | Date | null
  problem: string | null
}

export function linkState(link: LinkStatusInput): {
  state: LinkState
  color: "green" | "orange" | "red" | "grey" | "purple"
} {
  if (link.problem) return { state: "needsAttention", color: "red" }
  if (link.paid_in_cents > 0) {
    if (link.refunded_in_cents >= link.paid_in_cents) return { state: "refunded", color: "purple" }
    if (link.refunded_in_cents > 0) return { state: "partlyRefunded", color: "purple" }
    return { state: "paid", color: "green" }
  }
  if (link.cancelled_at) return { state: "cancelled", color: "grey" }
  if (link.status === "EXPIRED") return { state: "expired", color: "grey" }
  if (link.status === "OPEN") return { state: "open", color: "orange" }
  return { state: "closed", color: "grey" }
}

/**
 * Whether the link can still be paid, so its QR code is worth showing: open at Tikkie, not given up, not
 * past its day, and, with a fixed amount, not paid yet (an open-amount link takes more payments).
 */
export function stillPayable(
  link: LinkStatusInput & { amount_in_cents: number | null; expiry_date: string },
  today: string
): boolean {
  if (link.status !== "OPEN" || link.cancelled_at || link.expiry_date < today) return false
  return link.amount_in_cents === null || link.paid_in_cents === 0
}
