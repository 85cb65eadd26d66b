import { MedusaError } from "@medusajs/framework/utils"

interface CartWithProviders {
  region?: { payment_providers?: Array<{ id: string; is_enabled?: boolean | null }> | null } | null
}

/** The cart region's enabled provider of one kind: the one asked for, else the first; refused when none. */
export function regionProvider(
  cart: CartWithProviders,
  providerId: string | undefined,
  kind: { is: (id: string) => boolean; name: string; notEnabled: string }
): { id: string } {
  const enabled = (cart.region?.payment_providers ?? []).filter((p) => kind.is(p.id) && p.is_enabled !== false)
  const provider = providerId ? enabled.find((p) => p.id === providerId) : enabled[0]
  if (provider) return provider
  throw new MedusaError(
    MedusaError.Types.NOT_ALLOWED,
    providerId
      ? `Payment provider ${providerId} is not a ${kind.name} provider of this cart's region.`
      : kind.notEnabled
  )
}
