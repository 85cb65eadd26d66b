import { z } from "zod"
import { FAST_CHECKOUT_ERRORS } from "tikkie-client/fast-checkout/codes"
import { FastCheckoutStatusSchema, type FastCheckoutStatus } from "tikkie-client/fast-checkout/schemas"
import type { SandboxContext } from "../context"
import { withBody } from "../control"
import { error, type SandboxRequest, type SandboxResponse } from "../http-kit"
import { checkoutUrl } from "./create-order"
import type { FastCheckoutLifecycle } from "./lifecycle"
import { DEFAULT_SANDBOX_PAYER, PayerInputSchema } from "./payer"
import { type FastCheckoutState, orderView, type StoredOrder } from "./state"

const PayBody = z.strictObject({ payer: PayerInputSchema.optional() })
const EmptyBody = z.strictObject({})

/**
 * The order controls under /_sandbox/fastcheckout (documented in index.ts). They act for any merchant
 * (no headers), send the webhook exactly as the checkout page does, and answer the order as GET order
 * would. An order that is already final answers 409 ORDER_ALREADY_FINAL (category CONFLICT): final
 * states never change, and a test that tries is told so rather than silently ignored.
 */
export function registerFastCheckoutControls(
  ctx: SandboxContext,
  state: FastCheckoutState,
  lifecycle: FastCheckoutLifecycle
): void {
  const r = ctx.router
  const base = "/_sandbox/fastcheckout/orders/:orderToken"

  const move = (
    req: SandboxRequest,
    to: Exclude<FastCheckoutStatus, "NEW">,
    payer?: z.output<typeof PayerInputSchema>
  ) => {
    const order = state.orders.get(req.params.orderToken)
    if (!order) return error(req.traceId, 404, FAST_CHECKOUT_ERRORS.ORDER_NOT_FOUND, "order not found")
    if (!lifecycle.transition(order, to, payer)) {
      return error(
        req.traceId,
        409,
        "ORDER_ALREADY_FINAL",
        `order is already ${order.status}; a final state never changes`,
        "CONFLICT"
      )
    }
    return { status: 200, json: orderView(order) }
  }

  r.add("POST", `${base}/pay`, "control.fastCheckout.pay", (req) =>
    withBody(req, PayBody, (b) => move(req, "PAID", b.payer ?? DEFAULT_SANDBOX_PAYER))
  )
  r.add("POST", `${base}/cancel`, "control.fastCheckout.cancel", (req) =>
    withBody(req, EmptyBody, () => move(req, "CANCELLED"))
  )
  r.add("POST", `${base}/expire`, "control.fastCheckout.expire", (req) =>
    withBody(req, EmptyBody, () => move(req, "EXPIRED"))
  )
  r.add("POST", `${base}/error`, "control.fastCheckout.error", (req) =>
    withBody(req, EmptyBody, () => move(req, "ERROR"))
  )

  r.add("GET", "/_sandbox/fastcheckout/orders", "control.fastCheckout.listOrders", (req): SandboxResponse => {
    const status = req.query.get("status")
    if (status !== null && !FastCheckoutStatusSchema.safeParse(status).success) {
      return error(
        req.traceId,
        400,
        FAST_CHECKOUT_ERRORS.INVALID,
        "status must be NEW, PAID, CANCELLED, EXPIRED or ERROR"
      )
    }
    const referenceId = req.query.get("referenceId")
    const orders: Array<Record<string, unknown>> = []
    for (const order of state.orders.values()) {
      lifecycle.refresh(order)
      if (status !== null && order.status !== status) continue
      if (referenceId !== null && order.referenceId !== referenceId) continue
      orders.push(listed(ctx, req, order))
    }
    return { status: 200, json: { orders } }
  })
}

/** An order as the list control shows it: the read view plus what only the sandbox knows. */
function listed(ctx: SandboxContext, req: SandboxRequest, o: StoredOrder): Record<string, unknown> {
  return {
    ...orderView(o),
    checkoutUrl: checkoutUrl(ctx, req, o.orderToken),
    redirectUrl: o.redirectUrl,
    notificationUrl: o.notificationUrl ?? null,
    addressRequired: o.addressRequired ?? null,
    expiration: o.expiration,
    createdAt: new Date(o.createdAt).toISOString(),
    expiresAt: new Date(o.expiresAt).toISOString(),
    updatedAt: new Date(o.updatedAt).toISOString(),
  }
}
