import type { SandboxRequest, SandboxResponse } from "../http-kit"
import type { FastCheckoutLifecycle } from "./lifecycle"
import { checkoutPage, finalPage, notFoundPage } from "./pages"
import { payerFromForm, readPayerForm } from "./payer"
import type { FastCheckoutState } from "./state"

/** `GET /checkout/fastcheckout/:orderToken`: the page behind checkoutUrl (no credentials needed). */
export function showCheckoutPage(state: FastCheckoutState, lifecycle: FastCheckoutLifecycle) {
  return (req: SandboxRequest): SandboxResponse => {
    const order = state.orders.get(req.params.orderToken)
    if (!order) return { status: 404, html: notFoundPage() }
    lifecycle.refresh(order)
    return { status: 200, html: checkoutPage(order), headers: { "cache-control": "no-store" } }
  }
}

/**
 * `POST /checkout/fastcheckout/:orderToken` with the form field `action` = pay or cancel.
 * - pay: the payer form is checked on the server (a browser's `required` is only a convenience); a
 *   refused form re-renders the page with 400, the problems and the values entered.
 * - pay or cancel on an order that is no longer NEW: 409 with the page showing its state.
 * - success: the order becomes PAID or CANCELLED, the webhook goes out, and the customer is sent back
 *   to the shop with 303 to the order's redirectUrl, unchanged (the shop knows which order it
 *   redirected; the Fast Checkout specification adds nothing to the URL).
 */
export function submitCheckoutPage(state: FastCheckoutState, lifecycle: FastCheckoutLifecycle) {
  return (req: SandboxRequest): SandboxResponse => {
    const order = state.orders.get(req.params.orderToken)
    if (!order) return { status: 404, html: notFoundPage() }
    lifecycle.refresh(order)
    if (order.status !== "NEW") return { status: 409, html: finalPage(order) }

    const form = typeof req.body === "object" && req.body !== null ? (req.body as Record<string, unknown>) : {}
    const values = readPayerForm(form)
    if (form.action === "cancel") {
      lifecycle.transition(order, "CANCELLED")
      return { status: 303, headers: { location: order.redirectUrl } }
    }
    if (form.action !== "pay") {
      return { status: 400, html: checkoutPage(order, values, ["choose Pay or Cancel"]) }
    }
    const result = payerFromForm(values)
    if ("problems" in result) return { status: 400, html: checkoutPage(order, values, result.problems) }
    lifecycle.transition(order, "PAID", result.payer)
    return { status: 303, headers: { location: order.redirectUrl } }
  }
}
