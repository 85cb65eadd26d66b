import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

const PLACEHOLDER = /\{country_code\}|%7Bcountry_code%7D/gi

export function wantsCountryCode(...urls: string[]): boolean {
  return urls.some((u) => new RegExp(PLACEHOLDER.source, "i").test(u))
}

/** The cart's shipping country (as Medusa's Next.js starter uses), else its region's first country. */
export async function storefrontCountryOfCart(
  container: MedusaContainer,
  cartId: string | null | undefined
): Promise<string | undefined> {
  if (!cartId) return undefined
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: ["id", "shipping_address.country_code", "region.countries.iso_2"],
    filters: { id: cartId },
  })
  const cart = data[0] as
    | { shipping_address?: { country_code?: string | null } | null; region?: { countries?: Array<{ iso_2?: string }> } }
    | undefined
  const address = cart?.shipping_address?.country_code?.toLowerCase()
  if (address) return address
  return (cart?.region?.countries ?? [])
    .map((c) => c.iso_2?.toLowerCase())
    .filter((c): c is string => !!c)
    .sort()[0]
}

/**
 * Where a return route sends the shopper: success URL with `order_id`, or the failure URL (or success
 * while confirming) with `tikkie_status` and `cart_id`; undefined when no page fits. A `{country_code}`
 * in the URL becomes the shopper's country, or the segment is left out.
 */
export interface ReturnOutcome {
  outcome: string
  orderId?: string
  status?: string
}

export function storefrontReturnUrl(
  outcome: ReturnOutcome,
  record: { success_url: string; failure_url: string; cart_id?: string | null },
  pendingStatus: string,
  countryCode?: string
): string | undefined {
  const to = (base: string, params: Record<string, string>) => {
    const country = countryCode && /^[a-z]{2}$/i.test(countryCode) ? countryCode.toLowerCase() : undefined
    const url = new URL(
      country ? base.replace(PLACEHOLDER, country) : base.replace(new RegExp(`/(?:${PLACEHOLDER.source})`, "gi"), "")
    )
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
