import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { startPaymentRequestCheckoutWorkflow } from "../../../../../workflows/payment-request/start-checkout"
import { cartCheckoutStartInput, startedForShopper } from "../../../../utils/cart-checkout-start"
import type { StoreTikkiePaymentRequestResponse } from "../../../../types"
import type { StartPaymentRequestBody } from "./validators"

/**
 * POST /store/carts/:id/tikkie-payment-request → `{ payment_url, payment_request_token, payment_session_id }`:
 * the cart's amount, a provider picked by the body. Tikkie's page does not send the shopper back: the
 * storefront links to `/hooks/tikkie/payment-requests/return?session_id=…` or polls the cart.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<StartPaymentRequestBody>,
  res: MedusaResponse<StoreTikkiePaymentRequestResponse>
) => {
  const input = {
    ...cartCheckoutStartInput(req),
    locale: (req as { locale?: string }).locale,
    acceptLanguage: req.get("accept-language"),
  }
  const started = await startedForShopper(startPaymentRequestCheckoutWorkflow(req.scope).run({ input }))
  res.status(200).json({
    payment_url: started.paymentUrl,
    payment_request_token: started.paymentRequestToken,
    payment_session_id: started.paymentSessionId,
  })
}
