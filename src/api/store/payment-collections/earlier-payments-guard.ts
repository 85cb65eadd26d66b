import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { ShopperConflictError } from "../../../utils/shopper-conflict-error"
import {
  earlierPaymentsRefusal,
  settleEarlierPaymentsWorkflow,
} from "../../../workflows/checkout/settle-earlier-payments"
import { requestShopperLanguage } from "../../utils/shopper-language"

/** Before Medusa's own payment-session route deletes a cart's other sessions: settles its Tikkie ones, 409 if paid. */
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
      const { result } = await settleEarlierPaymentsWorkflow(req.scope).run({ input: { cartId } })
      const refused = earlierPaymentsRefusal(result, requestShopperLanguage(req))
      if (refused) throw new ShopperConflictError(refused.message)
    }
    next()
  } catch (e) {
    next(e)
  }
}
