import { FAST_CHECKOUT_ERRORS } from "tikkie-client/fast-checkout/codes"
import { OrderTokenSchema } from "tikkie-client/fast-checkout/schemas"
import { describeFastCheckoutFailure } from "tikkie-client/fast-checkout/validate"
import type { SandboxContext } from "../context"
import { error, errorResponse, type SandboxRequest, type SandboxResponse } from "../http-kit"
import type { FastCheckoutLifecycle } from "./lifecycle"
import { authenticateMerchant, isResponse } from "./merchant-auth"
import type { FastCheckoutState } from "./state"

const JSON_HEADERS = Object.freeze({ "content-type": "application/json" }) as Record<string, string>
const RETRY_AFTER = Object.freeze({ "retry-after": "1" }) as Record<string, string>

/**
 * `GET /v1/{product}/fastcheckout/orders/:orderToken`, the hot path: O(1) lookups and the answer
 * serialised once per state change (see StoredOrder.json).
 *
 * - Limited to `getOrderRateLimitPerSecond` calls per second per merchant (0 = off, read on every
 *   call so `/_sandbox/settings` applies at once). Beyond it: 429, category TOO_MANY_REQUESTS, code
 *   TOO_MANY_REQUESTS, header Retry-After: 1. Every call counts, whether or not the order exists.
 * - An order of another merchant answers ERR_4100_004 like an unknown one, so a token cannot be probed.
 * - A token that could not be an order token (characters outside the unreserved URL set) answers
 *   ERR_1100_004, the same code the client gives before sending.
 */
export function getOrder(ctx: SandboxContext, state: FastCheckoutState, lifecycle: FastCheckoutLifecycle) {
  return (req: SandboxRequest): SandboxResponse => {
    const merchant = authenticateMerchant(req, state)
    if (isResponse(merchant)) return merchant
    if (!merchant.getOrderWindow.tryAcquire(ctx.now(), ctx.options.getOrderRateLimitPerSecond)) {
      const limited = error(
        req.traceId,
        429,
        FAST_CHECKOUT_ERRORS.TOO_MANY_REQUESTS,
        `at most ${ctx.options.getOrderRateLimitPerSecond} GET order calls per second`,
        "TOO_MANY_REQUESTS"
      )
      limited.headers = RETRY_AFTER
      return limited
    }
    const token = req.params.orderToken
    const order = state.orders.get(token)
    if (!order) {
      const checked = OrderTokenSchema.safeParse(token)
      if (!checked.success) return errorResponse(req.traceId, describeFastCheckoutFailure(checked.error))
      return error(req.traceId, 404, FAST_CHECKOUT_ERRORS.ORDER_NOT_FOUND, "order not found")
    }
    if (order.merchantToken !== merchant.merchantToken) {
      return error(req.traceId, 404, FAST_CHECKOUT_ERRORS.ORDER_NOT_FOUND, "order not found")
    }
    lifecycle.refresh(order)
    return { status: 200, headers: JSON_HEADERS, text: order.json }
  }
}
