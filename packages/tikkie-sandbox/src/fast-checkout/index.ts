/**
 * Fast Checkout in the sandbox (Fast Checkout specification).
 *
 * Service routes (`{product}` is `pay`, as in the documents, or `tikkie`, as on the live service):
 *   POST /v1/{product}/fastcheckout/merchant               API-Key; empty body -> 201 {merchantToken}
 *   POST /v1/{product}/fastcheckout/orders                 API-Key, X-Merchant-Token -> 201 {checkoutUrl, orderToken}
 *   GET  /v1/{product}/fastcheckout/orders/{orderToken}    API-Key, X-Merchant-Token -> 200 the order
 * Errors: missing API-Key 400 ERR_1100_005; missing X-Merchant-Token 400 ERR_3100_004; a merchant
 * token unknown or created with another API key 401 ERR_4100_005; invalid JSON or value 400
 * ERR_1100_004; missing field 400 ERR_1100_005; items above 50,000 euro 400 ERR_1100_006; unknown
 * field 400 ERR_1100_008; discount >= items + shipping 400 ERR_3100_005; order unknown or another
 * merchant's 404 ERR_4100_004; GET order beyond `getOrderRateLimitPerSecond` per merchant (default 250,
 * 0 = off, changeable through POST /_sandbox/settings) 429 TOO_MANY_REQUESTS with Retry-After: 1.
 * ERR_4100_003 ("user not found") is listed by the Fast Checkout specification but names no Fast Checkout resource; the
 * sandbox never answers it (an unknown merchant is ERR_4100_005). ERR_8100_001 and ERR_9100_011 come
 * from fault injection (POST /_sandbox/faults with operation fastCheckout.*).
 *
 * Checkout page (the checkoutUrl, `{publicUrl}/checkout/fastcheckout/{orderToken}`):
 *   GET  /checkout/fastcheckout/{orderToken}   items, shipping, discount, total; payer form; Pay/Cancel
 *   POST /checkout/fastcheckout/{orderToken}   form `action=pay` with the payer fields, or `action=cancel`;
 *                                              303 to redirectUrl; 400 re-renders with the problems;
 *                                              409 when the order is no longer NEW
 *
 * Controls:
 *   POST /_sandbox/fastcheckout/orders/{orderToken}/pay      optional body {payer}; without one a Dutch
 *                                                            payer (Damrak 12, addition B, Amsterdam)
 *   POST /_sandbox/fastcheckout/orders/{orderToken}/cancel
 *   POST /_sandbox/fastcheckout/orders/{orderToken}/expire
 *   POST /_sandbox/fastcheckout/orders/{orderToken}/error
 *       each: 200 with the order as GET order answers it, and the webhook to notificationUrl;
 *       404 ERR_4100_004 for an unknown order; 409 ORDER_ALREADY_FINAL when it is no longer NEW
 *   GET  /_sandbox/fastcheckout/orders[?status=PAID&referenceId=...]
 *       {orders: [...]} with, besides the read fields, checkoutUrl, redirectUrl, notificationUrl,
 *       addressRequired, expiration, createdAt, expiresAt, updatedAt
 *
 * Lifecycle: NEW -> PAID | CANCELLED | EXPIRED | ERROR; the last four are final. An order expires
 * `expiration` seconds of sandbox time after creation (POST /_sandbox/clock moves that time); expiry is
 * checked on every read and by a sweep every 250 ms, so the EXPIRED webhook goes out unasked. Webhook
 * body: {referenceId, orderToken, status}; delivery kind `fastCheckout.webhook` (three attempts with
 * backoff, see GET /_sandbox/deliveries).
 */
import type { SandboxContext } from "../context"
import { showCheckoutPage, submitCheckoutPage } from "./checkout-page"
import { registerFastCheckoutControls } from "./controls"
import { createOrder } from "./create-order"
import { createSandboxMerchant } from "./create-merchant"
import { getOrder } from "./get-order"
import { FastCheckoutLifecycle } from "./lifecycle"
import { FastCheckoutState } from "./state"
import { amountToPayInCents } from "tikkie-client/fast-checkout/money"

/** How often overdue orders are expired when nobody reads them. */
export const EXPIRY_SWEEP_MS = 250

/** Registers this service's routes and its /_sandbox controls. */
export function registerFastCheckout(ctx: SandboxContext): void {
  const state = new FastCheckoutState()
  const lifecycle = new FastCheckoutLifecycle(ctx, state)
  ctx.payouts.register(function* () {
    for (const o of state.orders.values()) {
      if (o.status === "PAID")
        yield {
          source: "fastcheckout",
          reference: o.orderToken,
          amountInCents: amountToPayInCents(o),
          paidAt: o.updatedAt,
        }
    }
  })
  const r = ctx.router

  // GET order first: the router tries routes in order, and this is the one benchmarks hammer.
  r.add(
    "GET",
    "/v1/{product}/fastcheckout/orders/:orderToken",
    "fastCheckout.getOrder",
    getOrder(ctx, state, lifecycle)
  )
  r.add("POST", "/v1/{product}/fastcheckout/orders", "fastCheckout.createOrder", createOrder(ctx, state))
  r.add(
    "POST",
    "/v1/{product}/fastcheckout/merchant",
    "fastCheckout.createSandboxMerchant",
    createSandboxMerchant(state)
  )
  r.add("GET", "/checkout/fastcheckout/:orderToken", "fastCheckout.checkoutPage", showCheckoutPage(state, lifecycle))
  r.add(
    "POST",
    "/checkout/fastcheckout/:orderToken",
    "fastCheckout.checkoutSubmit",
    submitCheckoutPage(state, lifecycle)
  )
  registerFastCheckoutControls(ctx, state, lifecycle)

  const sweep = setInterval(() => lifecycle.sweep(), EXPIRY_SWEEP_MS)
  sweep.unref()
  ctx.onClose(() => clearInterval(sweep))
  ctx.onReset(() => state.reset())
  ctx.persist("fastCheckout", { save: () => state.snapshot(), load: (d) => state.restore(d) })
}
