import type { SandboxContext } from "../context"
import type { PaymentRequestsV2State } from "./state"

export type NotificationEvent =
  | { notificationType: "PAYMENT"; paymentRequestToken: string; paymentToken: string }
  | { notificationType: "REFUND"; paymentRequestToken: string; paymentToken: string; refundToken: string }

/**
 * Sends a notification to the app's one active subscription, if it has one. Delivery is best effort
 * (the delivery service's three attempts), as on the live service.
 */
export function notify(
  ctx: SandboxContext,
  state: PaymentRequestsV2State,
  appToken: string,
  event: NotificationEvent
): void {
  const subscription = state.apps.get(appToken)?.subscription
  if (!subscription) return
  ctx.deliveries.deliver("paymentRequests.notification", subscription.url, {
    subscriptionId: subscription.subscriptionId,
    ...event,
  })
}
