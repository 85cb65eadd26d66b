import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { startFastCheckoutWorkflow } from "../../../../../workflows/fast-checkout/start-fast-checkout"
import { cartCheckoutStartInput, startedForShopper } from "../../../../utils/cart-checkout-start"
import type { StoreTikkieFastCheckoutResponse } from "../../../../types"
import type { StartFastCheckoutBody } from "./validators"

/**
 * POST /store/carts/:id/tikkie-fast-checkout → `{ checkout_url, order_token, payment_session_id }`: lines
 * and amounts from the cart on the server, a provider picked by the body.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<StartFastCheckoutBody>,
  res: MedusaResponse<StoreTikkieFastCheckoutResponse>
) => {
  const started = await startedForShopper(
    startFastCheckoutWorkflow(req.scope).run({ input: cartCheckoutStartInput(req) })
  )
  res.status(200).json({
    checkout_url: started.checkoutUrl,
    order_token: started.orderToken,
    payment_session_id: started.paymentSessionId,
  })
}
