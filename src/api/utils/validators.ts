import { z } from "@medusajs/framework/zod"
import { FAST_CHECKOUT_PROVIDER_PREFIX, PAYMENT_REQUEST_PROVIDER_PREFIX } from "../../providers/provider-keys"

/**
 * Fields shared by the plugin's route validators (as Medusa keeps `createFindParams` in its
 * `api/utils/validators`). Every refusal names the field and its rule, never a stored value.
 */

/** `provider_id` when a store registers more than one provider of a kind; the prefix comes from provider-keys.ts. */
export const fastCheckoutProviderIdField = z
  .string()
  .startsWith(FAST_CHECKOUT_PROVIDER_PREFIX, "provider_id must be a Tikkie Fast Checkout provider")
export const paymentRequestProviderIdField = z
  .string()
  .startsWith(PAYMENT_REQUEST_PROVIDER_PREFIX, "provider_id must be a Tikkie payment request provider")

/**
 * `limit` and `offset` of a list route (Medusa's pagination: the answer carries `count`, `limit` and
 * `offset`). Spread into the route's query schema.
 */
export function paginationFields({ defaultLimit, maxLimit }: { defaultLimit: number; maxLimit: number }) {
  return {
    limit: z.coerce
      .number({ error: "limit must be a number" })
      .int("limit must be a whole number")
      .min(1, "limit must be at least 1")
      .max(maxLimit, `limit must be at most ${maxLimit}`)
      .default(defaultLimit),
    offset: z.coerce
      .number({ error: "offset must be a number" })
      .int("offset must be a whole number")
      .min(0, "offset must be at least 0")
      .default(0),
  }
}

/** The body of an action route that takes none (`{}` or no body). */
export const NoBodySchema = z.strictObject({})

/** The query of a route that takes none: an unknown parameter is refused, not ignored. */
export const NoQuerySchema = z.strictObject({})
