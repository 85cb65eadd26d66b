import { FAST_CHECKOUT_ERRORS } from "tikkie-client/fast-checkout/codes"
import { CreateOrderBodySchema } from "tikkie-client/fast-checkout/schemas"
import { describeFastCheckoutFailure } from "tikkie-client/fast-checkout/validate"
import type { SandboxContext } from "../context"
import { error, errorResponse, type SandboxRequest, type SandboxResponse } from "../http-kit"
import { UNPARSABLE_BODY } from "../request-body"
import { authenticateMerchant, isResponse } from "./merchant-auth"
import type { FastCheckoutState } from "./state"

/** Where the customer is sent to pay; `pages.ts` serves it. */
export function checkoutUrl(ctx: SandboxContext, req: SandboxRequest, orderToken: string): string {
  return `${ctx.options.publicUrl ?? req.baseUrl}/checkout/fastcheckout/${orderToken}`
}

/**
 * `POST /v1/{product}/fastcheckout/orders`. The body goes through the client's own schema, so the
 * sandbox and the client refuse the same input with the same code. A blank body is read as `{}` and
 * so names the first missing field. Answers 201 Created with checkoutUrl and orderToken.
 */
export function createOrder(ctx: SandboxContext, state: FastCheckoutState) {
  return (req: SandboxRequest): SandboxResponse => {
    const merchant = authenticateMerchant(req, state)
    if (isResponse(merchant)) return merchant
    if (req.body === UNPARSABLE_BODY) {
      return error(req.traceId, 400, FAST_CHECKOUT_ERRORS.INVALID, "request body is not valid JSON")
    }
    const parsed = CreateOrderBodySchema.safeParse(req.body ?? {})
    if (!parsed.success) return errorResponse(req.traceId, describeFastCheckoutFailure(parsed.error))
    const b = parsed.data
    const order = state.createOrder(
      {
        merchantToken: merchant.merchantToken,
        referenceId: b.referenceId,
        shippingCostsInCents: b.shippingCostsInCents,
        discountInCents: b.discountInCents,
        currency: b.currency,
        items: b.items,
        addressRequired: b.addressRequired,
        redirectUrl: b.redirectUrl,
        notificationUrl: b.notificationUrl,
        expiration: b.expiration,
      },
      ctx.now()
    )
    return {
      status: 201,
      json: { checkoutUrl: checkoutUrl(ctx, req, order.orderToken), orderToken: order.orderToken },
    }
  }
}
