import { z } from "zod"
import { FAST_CHECKOUT_STATUSES } from "tikkie-client/fast-checkout"
import { BankTransferRefundsSchema } from "../shared/bank-transfer-refunds"

/**
 * What the provider keeps in the payment session's (and then the payment's) `data`. It is the
 * provider's own record: amounts in it are what was sent to Tikkie, never what a storefront sent.
 */
export const FastCheckoutSessionDataSchema = z.object({
  orderToken: z.string().min(1),
  checkoutUrl: z.string().min(1),
  /** The payment session id: Tikkie's referenceId ties its order to the session. */
  referenceId: z.string().min(1),
  cartId: z.string().optional(),
  amountInCents: z.number().int(),
  expiresAt: z.string(),
  status: z.enum(FAST_CHECKOUT_STATUSES),
  payer: z.unknown().optional(),
  /** Storefront pages for the return route, from the provider's options. */
  successUrl: z.string(),
  failureUrl: z.string(),
  /** Refunds an admin marked as paid back by bank transfer (Fast Checkout cannot refund). */
  bankTransferRefunds: BankTransferRefundsSchema.optional(),
})

export type FastCheckoutSessionData = z.output<typeof FastCheckoutSessionDataSchema>

/**
 * The lines a server-side caller (the plugin's checkout route, or its middleware on Medusa's payment
 * session route) computed from the cart, under this key of the session input's `data`.
 */
export const FAST_CHECKOUT_CART_KEY = "tikkie_fast_checkout_cart"

export const FastCheckoutCartInputSchema = z.object({
  cartId: z.string().min(1),
  items: z.array(z.object({ itemName: z.string(), priceInCents: z.number().int(), quantity: z.number().int() })).min(1),
  shippingCostsInCents: z.number().int(),
  discountInCents: z.number().int(),
  totalInCents: z.number().int(),
})
export type FastCheckoutCartInput = z.output<typeof FastCheckoutCartInputSchema>
