/**
 * Where a return route sends the shopper after settling (Fast Checkout and payment links alike):
 * - paid and completed: success URL with `order_id`;
 * - paid, still being confirmed: success URL with `cart_id` and `tikkie_status=PROCESSING`;
 * - paid but it cannot become an order: failure URL with `tikkie_status=PAID_NOT_COMPLETED`;
 * - closed (cancelled, expired, error): failure URL with that status; not paid yet: `pendingStatus`.
 * Answers undefined for an outcome with no page (not an order of this store).
 */
export interface ReturnOutcome {
  outcome: string
  orderId?: string
  status?: string
}

export function storefrontReturnUrl(
  outcome: ReturnOutcome,
  record: { success_url: string; failure_url: string; cart_id?: string | null },
  pendingStatus: string
): string | undefined {
  const to = (base: string, params: Record<string, string>) => {
    const url = new URL(base)
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
    return url.toString()
  }
  const cart: Record<string, string> = record.cart_id ? { cart_id: record.cart_id } : {}
  switch (outcome.outcome) {
    case "completed":
    case "already-completed":
      return outcome.orderId ? to(record.success_url, { order_id: outcome.orderId }) : undefined
    case "retry":
      return to(record.success_url, { ...cart, tikkie_status: "PROCESSING" })
    case "problem":
      return to(record.failure_url, { ...cart, tikkie_status: "PAID_NOT_COMPLETED" })
    case "closed":
      return to(record.failure_url, { ...cart, tikkie_status: outcome.status ?? "CLOSED" })
    case "pending":
      return to(record.failure_url, { ...cart, tikkie_status: pendingStatus })
    default:
      return undefined
  }
}
