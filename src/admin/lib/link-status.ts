/** A link's state for the admin: Tikkie's statuses say how a link stopped, so the payments decide first. */
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

/** Open, not given up, not past its day, and with a fixed amount not paid yet: its QR code is worth showing. */
export function stillPayable(
  link: LinkStatusInput & { amount_in_cents: number | null; expiry_date: string },
  today: string
): boolean {
  if (link.status !== "OPEN" || link.cancelled_at || link.expiry_date < today) return false
  return link.amount_in_cents === null || link.paid_in_cents === 0
}
