import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { asShopperConflict } from "../../../../../utils/shopper-conflict-error"
import { requestShopperLanguage } from "../../../../utils/shopper-language"
import { startPaymentRequestCheckoutWorkflow } from "../../../../../workflows/payment-request/start-checkout"
import type { StoreTikkiePaymentRequestResponse } from "../../../../types"
import type { StartPaymentRequestBody } from "./validators"

/**
 * POST /store/carts/:id/tikkie-payment-request → `{ payment_url, payment_request_token, payment_session_id }`.
 * The storefront sends the shopper to `payment_url` (Tikkie's payment page). The amount is the cart's,
 * computed on the server; the body only picks a provider when a region has more than one. Tikkie's page
 * does not send the shopper back: the storefront links to the return route
 * (`/hooks/tikkie/payment-requests/return?session_id=…`) or polls the cart.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<StartPaymentRequestBody>,
  res: MedusaResponse<StoreTikkiePaymentRequestResponse>
) => {
  const { result: started } = await startPaymentRequestCheckoutWorkflow(req.scope)
    .run({
      input: {
        cartId: req.params.id,
        customerId: req.auth_context?.actor_id,
        providerId: req.validatedBody.provider_id,
        language: requestShopperLanguage(req),
        locale: (req as { locale?: string }).locale,
        acceptLanguage: req.get("accept-language"),
      },
    })
    // A 409 meant for the shopper (the cart has paid) keeps its status and message.
    .catch((e: unknown) => {
      throw asShopperConflict(e)
    })
  res.status(200).json({
    payment_url: started.paymentUrl,
    payment_request_token: started.paymentRequestToken,
    payment_session_id: started.paymentSessionId,
  })
}
