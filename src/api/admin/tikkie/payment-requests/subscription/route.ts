import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { subscribePaymentRequestNotifications } from "../../../../../workflows/payment-request/utils/subscribe-notifications"
import type { AdminTikkieNotificationSubscriptionResponse } from "../../../../types"
import type { SubscribeNotificationsBody } from "./validators"

/**
 * POST /admin/tikkie/payment-requests/subscription → `{ subscription: { provider_id, url, subscribed_at } }`.
 * Subscribes (again) the store's notification URL; Tikkie replaces the app's earlier subscription, and
 * notifications carrying the old subscriptionId are ignored from now on. The subscriptionId itself is
 * not shown: it is what tells genuine notifications from forged ones.
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<SubscribeNotificationsBody>,
  res: MedusaResponse<AdminTikkieNotificationSubscriptionResponse>
) => {
  const outcome = await subscribePaymentRequestNotifications(req.scope, {
    providerId: req.validatedBody.provider_id,
    force: true,
  })
  res.status(200).json({
    subscription: {
      provider_id: outcome.providerId,
      url: outcome.url,
      subscribed_at: outcome.subscribedAt.toISOString(),
    },
  })
}
