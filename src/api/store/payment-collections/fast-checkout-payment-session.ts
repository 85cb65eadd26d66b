import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { errorMessage } from "../../../utils/error-message"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { FAST_CHECKOUT_CART_KEY } from "../../../providers/fast-checkout/session-data"
import { isFastCheckoutProvider } from "../../../providers/provider-keys"
import { recordFastCheckoutSession } from "../../../workflows/fast-checkout/utils/record-session"
import {
  fastCheckoutCartInput,
  loadCartForFastCheckout,
} from "../../../workflows/fast-checkout/utils/cart-for-fast-checkout"
import { requestShopperLanguage } from "../../utils/shopper-language"

/**
 * On `POST /store/payment-collections/:id/payment-sessions` with a Tikkie Fast Checkout provider:
 * replaces whatever `data` the storefront sent with the cart's lines computed on the server, and once
 * Medusa has answered, records the new session's orderToken. Other providers pass through untouched.
 */
export async function fastCheckoutPaymentSessionMiddleware(
  req: MedusaRequest,
  res: MedusaResponse,
  next: MedusaNextFunction
) {
  const body = (req.body ?? {}) as { provider_id?: string; data?: Record<string, unknown> }
  if (!isFastCheckoutProvider(body.provider_id)) return next()
  try {
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    const collectionId = req.params.id
    const { data: links } = await query.graph({
      entity: "cart_payment_collection",
      fields: ["cart_id"],
      filters: { payment_collection_id: collectionId },
    })
    const cartId = (links[0] as { cart_id?: string } | undefined)?.cart_id
    if (!cartId) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        "Tikkie Fast Checkout pays carts: this payment collection has no cart."
      )
    }
    const language = requestShopperLanguage(req)
    const cart = await loadCartForFastCheckout(req.scope, cartId, language)
    if (!cart.payment_collection || cart.payment_collection.id !== collectionId) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "This payment collection is not the cart's current one.")
    }
    const data = { [FAST_CHECKOUT_CART_KEY]: fastCheckoutCartInput(cart, cart.payment_collection.amount, language) }
    req.body = { ...body, data }
    const validated = (req as { validatedBody?: Record<string, unknown> }).validatedBody
    if (validated) validated.data = data

    res.on("finish", () => {
      if (res.statusCode >= 300) return
      void recordSessions(req, collectionId)
    })
    next()
  } catch (e) {
    next(e)
  }
}

async function recordSessions(req: MedusaRequest, collectionId: string) {
  const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
  try {
    const { data } = await query.graph({
      entity: "payment_session",
      fields: ["id", "provider_id", "data"],
      filters: { payment_collection_id: collectionId },
    })
    for (const s of data as Array<{ id: string; provider_id: string; data: Record<string, unknown> | null }>) {
      if (isFastCheckoutProvider(s.provider_id)) await recordFastCheckoutSession(req.scope, s)
    }
  } catch (e) {
    // The poll job records sessions this missed; say so rather than fail a response already sent.
    req.scope
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(`Recording Tikkie Fast Checkout sessions of ${collectionId} failed: ${errorMessage(e)}`)
  }
}
