import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import {
  createPaymentCollectionForCartWorkflow,
  createPaymentSessionsWorkflow,
  refreshPaymentCollectionForCartWorkflow,
} from "@medusajs/medusa/core-flows"
import { toCents } from "../../lib/medusa-money"
import { fastCheckoutLinesFromCart, type CartForFastCheckout } from "../../providers/fast-checkout/cart-to-order"
import {
  FAST_CHECKOUT_CART_KEY,
  FastCheckoutSessionDataSchema,
  type FastCheckoutCartInput,
} from "../../providers/fast-checkout/session-data"
import { isFastCheckoutProvider } from "../../providers/provider-keys"
import { recordFastCheckoutSession } from "./record-session"
import { settleEarlierPaymentsOfCart } from "../checkout/settle-earlier-payments"

const CART_FIELDS = [
  "id",
  "currency_code",
  "completed_at",
  "total",
  "region.payment_providers.id",
  "region.payment_providers.is_enabled",
  "items.id",
  "items.title",
  "items.product_title",
  "items.variant_title",
  "items.quantity",
  "items.original_total",
  "shipping_methods.name",
  "shipping_methods.original_total",
  "payment_collection.id",
  "payment_collection.amount",
  "payment_collection.payment_sessions.id",
  "payment_collection.payment_sessions.provider_id",
  "payment_collection.payment_sessions.amount",
  "payment_collection.payment_sessions.data",
]

type LoadedCart = CartForFastCheckout & {
  completed_at?: string | Date | null
  region?: { payment_providers?: Array<{ id: string; is_enabled?: boolean }> } | null
  payment_collection?: {
    id: string
    amount: number
    payment_sessions?: Array<{ id: string; provider_id: string; amount: number; data: Record<string, unknown> | null }>
  } | null
}

export async function loadCartForFastCheckout(container: MedusaContainer, cartId: string): Promise<LoadedCart> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: CART_FIELDS, filters: { id: cartId } })
  const cart = data[0] as LoadedCart | undefined
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${cartId} was not found.`)
  if (cart.completed_at) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Cart ${cartId} is already completed.`)
  return cart
}

/** The cart's lines for Fast Checkout, computed here on the server from Medusa's own totals. */
export function fastCheckoutCartInput(cart: LoadedCart, amount: number): FastCheckoutCartInput {
  return { cartId: cart.id, ...fastCheckoutLinesFromCart(cart, toCents(amount)) }
}

export interface StartedFastCheckout {
  checkoutUrl: string
  orderToken: string
  paymentSessionId: string
}

/**
 * Starts (or resumes) Fast Checkout for a cart: makes sure the payment collection matches the cart,
 * reuses an open Fast Checkout session for the same amount (a double click must not create two Tikkie
 * orders), or creates a session through Medusa's createPaymentSessionsWorkflow with the lines computed
 * here, and records the orderToken before the shopper is sent away.
 */
export async function startFastCheckout(
  container: MedusaContainer,
  input: { cartId: string; customerId?: string; providerId?: string }
): Promise<StartedFastCheckout> {
  // One start at a time per cart, across store instances: the second click finds the first's session.
  return container
    .resolve(Modules.LOCKING)
    .execute(`tikkie:fast-checkout:start:${input.cartId}`, () => startLocked(container, input), { timeout: 30 })
}

async function startLocked(
  container: MedusaContainer,
  input: { cartId: string; customerId?: string; providerId?: string }
): Promise<StartedFastCheckout> {
  let cart = await loadCartForFastCheckout(container, input.cartId)
  // A cart that has paid gets no second payable order (409 with a message for the shopper).
  await settleEarlierPaymentsOfCart(container, cart.id)
  const providers = (cart.region?.payment_providers ?? []).filter((p) => isFastCheckoutProvider(p.id) && p.is_enabled !== false)
  const provider = input.providerId ? providers.find((p) => p.id === input.providerId) : providers[0]
  if (!provider) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      input.providerId
        ? `Payment provider ${input.providerId} is not a Tikkie Fast Checkout provider of this cart's region.`
        : "Tikkie Fast Checkout is not enabled in this cart's region."
    )
  }

  let collection = cart.payment_collection
  if (!collection) {
    // A new collection has no sessions: what the workflow answers is all we need (no second cart read,
    // which was a good part of the time a start takes).
    const { result } = await createPaymentCollectionForCartWorkflow(container).run({ input: { cart_id: cart.id } })
    collection = { id: result.id, amount: result.amount as number, payment_sessions: [] }
  } else if (toCents(collection.amount) !== toCents(cart.total)) {
    await refreshPaymentCollectionForCartWorkflow(container).run({ input: { cart_id: cart.id } })
    cart = await loadCartForFastCheckout(container, cart.id)
    collection = cart.payment_collection!
  }
  const amountInCents = toCents(collection.amount)
  // Refuse before any call to Tikkie (EUR only, empty cart, over 50,000 euro, nothing to pay).
  const cartInput = fastCheckoutCartInput(cart, collection.amount)

  const open = (collection.payment_sessions ?? []).find((s) => {
    if (s.provider_id !== provider.id) return false
    const data = FastCheckoutSessionDataSchema.safeParse(s.data)
    return (
      data.success &&
      data.data.status === "NEW" &&
      data.data.amountInCents === amountInCents &&
      new Date(data.data.expiresAt).getTime() > Date.now() + 60_000
    )
  })
  if (open) {
    const data = FastCheckoutSessionDataSchema.parse(open.data)
    const recorded = await recordFastCheckoutSession(container, open)
    // The record hears of a cancel or expiry first (webhook, return, poll): then start afresh.
    if (!recorded || recorded.status === "NEW") {
      return { checkoutUrl: data.checkoutUrl, orderToken: data.orderToken, paymentSessionId: open.id }
    }
  }

  const { result: session } = await createPaymentSessionsWorkflow(container).run({
    input: {
      payment_collection_id: collection.id,
      provider_id: provider.id,
      customer_id: input.customerId,
      data: { [FAST_CHECKOUT_CART_KEY]: cartInput },
    },
  })
  const data = FastCheckoutSessionDataSchema.parse(session.data)
  await recordFastCheckoutSession(container, { id: session.id, provider_id: provider.id, data: session.data })
  return { checkoutUrl: data.checkoutUrl, orderToken: data.orderToken, paymentSessionId: session.id }
}
