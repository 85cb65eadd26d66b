import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ShopperConflictError } from "../../../utils/shopper-conflict-error"
import {
  earlierPaymentsRefusal,
  settleEarlierPaymentsWorkflow,
} from "../../../workflows/checkout/settle-earlier-payments"
import { requestShopperLanguage } from "../../utils/shopper-language"

/**
 * On Medusa's own `POST /store/payment-collections/:id/payment-sessions`, for every provider: Medusa
 * deletes the cart's other sessions when it creates one, so a Tikkie payment of this cart that was paid
 * but is not an order yet is settled first, and a cart that has paid is answered 409 instead of getting
 * a second payment (settle-earlier-payments.ts). A collection without a cart (an order's) passes.
 */
export async function earlierPaymentsGuardMiddleware(
  req: MedusaRequest,
  _res: MedusaResponse,
  next: MedusaNextFunction
) {
  try {
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    const { data: links } = await query.graph({
      entity: "cart_payment_collection",
      fields: ["cart_id"],
      filters: { payment_collection_id: req.params.id },
    })
    const cartId = (links[0] as { cart_id?: string } | undefined)?.cart_id
    if (cartId) {
      // A workflow of its own: its events are released when it ends, whatever the answer.
      const { result } = await settleEarlierPaymentsWorkflow(req.scope).run({ input: { cartId } })
      const refused = earlierPaymentsRefusal(result, requestShopperLanguage(req))
      if (refused) throw new ShopperConflictError(refused.message)
    }
    next()
  } catch (e) {
    next(e)
  }
}
