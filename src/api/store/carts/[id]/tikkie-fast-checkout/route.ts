import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { asShopperConflict } from "../../../../../utils/shopper-conflict-error"
import { requestShopperLanguage } from "../../../../utils/shopper-language"
import { startFastCheckoutWorkflow } from "../../../../../workflows/fast-checkout/start-fast-checkout"
import type { StoreTikkieFastCheckoutResponse } from "../../../../types"
import type { StartFastCheckoutBody } from "./validators"

/**
 * POST /store/carts/:id/tikkie-fast-checkout → `{ checkout_url, order_token, payment_session_id }`.
 * The storefront sends the shopper to `checkout_url`. Lines and amounts come from the cart on the
 * server; the body only picks a provider when a region has more than one.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<StartFastCheckoutBody>,
  res: MedusaResponse<StoreTikkieFastCheckoutResponse>
) => {
  const { result: started } = await startFastCheckoutWorkflow(req.scope)
    .run({
      input: {
        cartId: req.params.id,
        customerId: req.auth_context?.actor_id,
        providerId: req.validatedBody.provider_id,
        language: requestShopperLanguage(req),
      },
    })
    // A 409 meant for the shopper (the cart has paid) keeps its status and message.
    .catch((e: unknown) => {
      throw asShopperConflict(e)
    })
  res.status(200).json({
    checkout_url: started.checkoutUrl,
    order_token: started.orderToken,
    payment_session_id: started.paymentSessionId,
  })
}
