import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  createPaymentCollectionForCartWorkflow,
  refreshPaymentCollectionForCartWorkflow,
} from "@medusajs/medusa/core-flows"
import { fastCheckoutCartInput, loadCartForFastCheckout } from "../utils/cart-for-fast-checkout"
import { recordFastCheckoutSession } from "../utils/record-session"
import { toCents } from "../../../utils/medusa-money"
import {
  FastCheckoutSessionDataSchema,
  type FastCheckoutCartInput,
} from "../../../providers/fast-checkout/session-data"
import { isFastCheckoutProvider } from "../../../providers/provider-keys"
import { settleEarlierPaymentsOfCart } from "../../checkout/settle-earlier-payments"
import { regionProvider } from "../../checkout/utils/region-provider"
import type { ShopperLanguage } from "../../checkout/utils/shopper-messages"

export interface FastCheckoutStartInput {
  cartId: string
  customerId?: string
  providerId?: string
  /** The shopper's language, for the 409s meant for them. */
  language?: ShopperLanguage
}

export interface StartedFastCheckout {
  checkoutUrl: string
  orderToken: string
  paymentSessionId: string
}

/** An open Fast Checkout order to reuse, or what to create a session with. */
export interface PreparedFastCheckout {
  reuse?: StartedFastCheckout
  collectionId: string
  providerId: string
  customerId?: string
  /** Absent when an open order is reused. */
  cartInput?: FastCheckoutCartInput
}

export const prepareFastCheckoutStepId = "tikkie-prepare-fast-checkout"

/**
 * Checks the cart can start Fast Checkout, brings its payment collection up to date with Medusa's cart
 * workflows (nothing to undo), settles a cart that has paid (409 for the shopper), reuses an open session
 * of the same amount (a double click makes one Tikkie order) and computes the lines on the server.
 */
export const prepareFastCheckoutStep = createStep(
  prepareFastCheckoutStepId,
  async (input: FastCheckoutStartInput, { container }) => {
    let cart = await loadCartForFastCheckout(container, input.cartId, input.language)
    await settleEarlierPaymentsOfCart(container, cart.id, input.language)
    const provider = regionProvider(cart, input.providerId, {
      is: isFastCheckoutProvider,
      name: "Tikkie Fast Checkout",
      notEnabled: "Tikkie Fast Checkout is not enabled in this cart's region.",
    })

    let collection = cart.payment_collection
    if (!collection) {
      // A new collection has no sessions: no second cart read.
      const { result } = await createPaymentCollectionForCartWorkflow(container).run({ input: { cart_id: cart.id } })
      collection = { id: result.id, amount: result.amount as number, payment_sessions: [] }
    } else if (toCents(collection.amount) !== toCents(cart.total)) {
      await refreshPaymentCollectionForCartWorkflow(container).run({ input: { cart_id: cart.id } })
      cart = await loadCartForFastCheckout(container, cart.id, input.language)
      collection = cart.payment_collection!
    }
    const amountInCents = toCents(collection.amount)
    const cartInput = fastCheckoutCartInput(cart, collection.amount, input.language)

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
        const reuse: StartedFastCheckout = {
          checkoutUrl: data.checkoutUrl,
          orderToken: data.orderToken,
          paymentSessionId: open.id,
        }
        return new StepResponse<PreparedFastCheckout>({ reuse, collectionId: collection.id, providerId: provider.id })
      }
    }
    return new StepResponse<PreparedFastCheckout>({
      collectionId: collection.id,
      providerId: provider.id,
      customerId: input.customerId,
      cartInput,
    })
  }
)
