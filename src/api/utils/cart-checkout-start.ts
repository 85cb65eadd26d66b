import type { AuthenticatedMedusaRequest } from "@medusajs/framework/http"
import { asShopperConflict } from "../../utils/shopper-conflict-error"
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

/** A start workflow's result; a 409 meant for the shopper (the cart has paid) keeps its status and message. */
export async function startedForShopper<T>(run: Promise<{ result: T }>): Promise<T> {
  try {
    return (await run).result
  } catch (e) {
    throw asShopperConflict(e)
  }
}
