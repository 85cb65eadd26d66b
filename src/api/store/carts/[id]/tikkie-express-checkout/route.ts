import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { TIKKIE_MODULE } from "../../../../../modules/tikkie"
import type TikkieModuleService from "../../../../../modules/tikkie/service"
import { asShopperConflict } from "../../../../../utils/shopper-conflict-error"
import { startExpressCheckoutWorkflow } from "../../../../../workflows/fast-checkout/start-express-checkout"
import { previewExpressShipping } from "../../../../../workflows/fast-checkout/utils/express-shipping"
import { startedForShopper } from "../../../../utils/cart-checkout-start"
import type { StoreTikkieExpressCheckoutResponse, StoreTikkieExpressShippingResponse } from "../../../../types"
import { requestShopperLanguage } from "../../../../utils/shopper-language"
import type { ExpressCheckoutQuery, StartExpressCheckoutBody } from "./validators"

/** GET …/tikkie-express-checkout?country_code=nl → `{ country_code, shipping_option }`; changes nothing. */
export const GET = async (
  req: AuthenticatedMedusaRequest<unknown, ExpressCheckoutQuery>,
  res: MedusaResponse<StoreTikkieExpressShippingResponse>
) => {
  const country = req.validatedQuery.country_code
  const shipping = await previewExpressShipping(req.scope, {
    cartId: req.params.id,
    country,
    preference: req.scope.resolve<TikkieModuleService>(TIKKIE_MODULE).expressShippingPreference(),
    language: requestShopperLanguage(req),
  }).catch((e: unknown) => {
    throw asShopperConflict(e)
  })
  res.status(200).json({ country_code: country, shipping_option: shipping })
}

/**
 * POST /store/carts/:id/tikkie-express-checkout `{ country_code }` → Fast Checkout's answer with `country_code`
 * and `shipping_option`: the store sets the cart's country and shipping method (docs/fast-checkout.md).
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<StartExpressCheckoutBody>,
  res: MedusaResponse<StoreTikkieExpressCheckoutResponse>
) => {
  const result = await startedForShopper(
    startExpressCheckoutWorkflow(req.scope).run({
      input: {
        cartId: req.params.id,
        country: req.validatedBody.country_code,
        customerId: req.auth_context?.actor_id,
        providerId: req.validatedBody.provider_id,
        language: requestShopperLanguage(req),
      },
    })
  )
  res.status(200).json({
    checkout_url: result.checkoutUrl,
    order_token: result.orderToken,
    payment_session_id: result.paymentSessionId,
    country_code: result.country,
    shipping_option: result.shipping,
  })
}
