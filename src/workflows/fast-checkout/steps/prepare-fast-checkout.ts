import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { fastCheckoutCartInput, loadCartForFastCheckout, type LoadedCart } from "../utils/cart-for-fast-checkout"
import { recordFastCheckoutSession } from "../utils/record-session"
import { toCents } from "../../../utils/medusa-money"
import {
  FastCheckoutSessionDataSchema,
  type FastCheckoutCartInput,
} from "../../../providers/fast-checkout/session-data"
import { isFastCheckoutProvider } from "../../../providers/provider-keys"
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

export interface CheckedFastCheckoutStart {
  cart: LoadedCart
  providerId: string
  /** What the cart's payment collection needs first. */
  collection?: "create" | "refresh"
}

export const checkFastCheckoutStartStepId = "tikkie-check-fast-checkout-start"

/** Checks the cart can start Fast Checkout (its earlier payments are settled before, startCheckoutSession). */
export const checkFastCheckoutStartStep = createStep(
  checkFastCheckoutStartStepId,
  async (input: FastCheckoutStartInput, { container }) => {
    const cart = await loadCartForFastCheckout(container, input.cartId, input.language)
    const provider = regionProvider(cart, input.providerId, {
      is: isFastCheckoutProvider,
      name: "Tikkie Fast Checkout",
      notEnabled: "Tikkie Fast Checkout is not enabled in this cart's region.",
    })
    const collection = !cart.payment_collection
      ? ("create" as const)
      : toCents(cart.payment_collection.amount) !== toCents(cart.total)
        ? ("refresh" as const)
        : undefined
    return new StepResponse<CheckedFastCheckoutStart>({ cart, providerId: provider.id, collection })
  }
)

export const prepareFastCheckoutStepId = "tikkie-prepare-fast-checkout"

/**
 * With the collection up to date, reuses an open session for the same amount (a double click makes one
 * Tikkie order) or computes the lines on the server, refused before any call to Tikkie.
 */
export const prepareFastCheckoutStep = createStep(
  prepareFastCheckoutStepId,
  async (
    {
      input,
      checked,
      created,
    }: {
      input: FastCheckoutStartInput
      checked: CheckedFastCheckoutStart
      created?: { id: string; amount: unknown }
    },
    { container }
  ) => {
    let cart = checked.cart
    let collection = cart.payment_collection
    if (created) {
      collection = { id: created.id, amount: created.amount as number, payment_sessions: [] }
    } else if (checked.collection === "refresh") {
      cart = await loadCartForFastCheckout(container, cart.id, input.language)
      collection = cart.payment_collection
    }
    const provider = { id: checked.providerId }
    if (!collection)
      throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, `Cart ${cart.id} has no payment collection.`)
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
