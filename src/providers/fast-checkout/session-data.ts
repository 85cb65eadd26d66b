import { z } from "zod"
import { FAST_CHECKOUT_STATUSES } from "tikkie-client/fast-checkout"
import { BankTransferRefundsSchema } from "../shared/bank-transfer-refunds"

/** The provider's record in the session's `data`: amounts as sent to Tikkie. */
export const FastCheckoutSessionDataSchema = z.object({
  orderToken: z.string().min(1),
  checkoutUrl: z.string().min(1),
  referenceId: z.string().min(1),
  cartId: z.string().optional(),
  amountInCents: z.number().int(),
  expiresAt: z.string(),
  status: z.enum(FAST_CHECKOUT_STATUSES),
  payer: z.unknown().optional(),
  successUrl: z.string(),
  failureUrl: z.string(),
  /** Fast Checkout cannot refund: refunds an admin marked as paid back by bank transfer. */
  bankTransferRefunds: BankTransferRefundsSchema.optional(),
})

export type FastCheckoutSessionData = z.output<typeof FastCheckoutSessionDataSchema>

/** Cart lines a server-side caller computed, under this key of the session input's `data`. */
export const FAST_CHECKOUT_CART_KEY = "tikkie_fast_checkout_cart"

export const FastCheckoutCartInputSchema = z.object({
  cartId: z.string().min(1),
  items: z.array(z.object({ itemName: z.string(), priceInCents: z.number().int(), quantity: z.number().int() })).min(1),
  shippingCostsInCents: z.number().int(),
  discountInCents: z.number().int(),
  totalInCents: z.number().int(),
})
export type FastCheckoutCartInput = z.output<typeof FastCheckoutCartInputSchema>
