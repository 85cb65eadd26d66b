import type { FastCheckoutStatus, FastCheckoutWebhook } from "tikkie-client/fast-checkout/schemas"
import type { SandboxContext } from "../context"
import type { SandboxPayer } from "./payer"
import { type FastCheckoutState, orderView, type StoredOrder } from "./state"

/**
 * Order states (the Fast Checkout specification shows the states but not the transitions). Chosen: NEW is the only state
 * an order leaves, to PAID, CANCELLED, EXPIRED or ERROR; the other four are final and never change.
 * Every change sends the webhook `{referenceId, orderToken, status}` to the order's notificationUrl,
 * EXPIRED included ("a webhook is sent when an order is updated").
 */
export class FastCheckoutLifecycle {
  constructor(
    private readonly ctx: SandboxContext,
    private readonly state: FastCheckoutState
  ) {}

  /**
   * Moves a NEW order to `to`. Answers false (and changes nothing) when the order is already final.
   * Expiry is evaluated first, so an order past its expiration cannot be paid any more.
   */
  transition(order: StoredOrder, to: Exclude<FastCheckoutStatus, "NEW">, payer?: SandboxPayer): boolean {
    this.refresh(order)
    if (order.status !== "NEW") return false
    this.apply(order, to, payer)
    return true
  }

  /** Expires the order if its time is up; called on every read and by the sweep. */
  refresh(order: StoredOrder): void {
    if (order.status === "NEW" && this.ctx.now() >= order.expiresAt) this.apply(order, "EXPIRED")
  }

  /** Expires every overdue order, so EXPIRED webhooks go out even when nobody reads the orders. */
  sweep(): void {
    const now = this.ctx.now()
    for (const order of this.state.open) if (now >= order.expiresAt) this.apply(order, "EXPIRED")
  }

  private apply(order: StoredOrder, to: Exclude<FastCheckoutStatus, "NEW">, payer?: SandboxPayer): void {
    order.status = to
    if (to === "PAID") order.payer = payer
    order.updatedAt = this.ctx.now()
    order.json = JSON.stringify(orderView(order))
    this.state.open.delete(order)
    if (order.notificationUrl) {
      const webhook: FastCheckoutWebhook = {
        referenceId: order.referenceId,
        orderToken: order.orderToken,
        status: order.status,
      }
      this.ctx.deliveries.deliver("fastCheckout.webhook", order.notificationUrl, webhook)
    }
  }
}
