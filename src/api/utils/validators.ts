import { z } from "@medusajs/framework/zod"
import { FAST_CHECKOUT_PROVIDER_PREFIX, PAYMENT_REQUEST_PROVIDER_PREFIX } from "../../providers/provider-keys"

/** Shared route fields, as Medusa's `api/utils/validators`; refusals name the field and rule, never a value. */

export const fastCheckoutProviderIdField = z
  .string()
  .startsWith(FAST_CHECKOUT_PROVIDER_PREFIX, "provider_id must be a Tikkie Fast Checkout provider")
export const paymentRequestProviderIdField = z
  .string()
  .startsWith(PAYMENT_REQUEST_PROVIDER_PREFIX, "provider_id must be a Tikkie payment request provider")

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

export const NoBodySchema = z.strictObject({})

/** An unknown parameter is refused, not ignored. */
export const NoQuerySchema = z.strictObject({})
