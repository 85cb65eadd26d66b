import type { AuthenticatedMedusaRequest } from "@medusajs/framework/http"
import { asShopperConflict, ShopperConflictError } from "../../utils/shopper-conflict-error"
import type { CheckoutRefusal } from "../../workflows/checkout/settle-earlier-payments"
import { requestShopperLanguage } from "./shopper-language"

/** What both store routes that start paying a cart hand their workflow: the cart, shopper and provider asked for. */
export function cartCheckoutStartInput(req: AuthenticatedMedusaRequest<{ provider_id?: string }>) {
  return {
    cartId: req.params.id,
    customerId: req.auth_context?.actor_id,
    providerId: req.validatedBody.provider_id,
    language: requestShopperLanguage(req),
  }
}

/** A start workflow's result; its refusal and a 409 a step threw are answered 409 with the shopper's message. */
export async function startedForShopper<T>(
  run: Promise<{ result: (T & { refused?: undefined }) | { refused: CheckoutRefusal } }>
): Promise<T> {
  let result: (T & { refused?: undefined }) | { refused: CheckoutRefusal }
  try {
    result = (await run).result
  } catch (e) {
    throw asShopperConflict(e)
  }
  if (result.refused) throw new ShopperConflictError(result.refused.message)
  return result as T
}
