import { randomUUID } from "node:crypto"
import { SubscriptionBodySchema } from "tikkie-client/payment-requests/v2/schemas"
import type { Handler } from "../router"
import { requireApp } from "./auth"
import { parseWith } from "./http"
import type { PaymentRequestsV2State } from "./state"

/**
 * POST /v2/{product}/paymentrequestssubscription {url}: 201 {subscriptionId}. One subscription per
 * app: posting again replaces it with a new subscriptionId, and notifications go only to the new url.
 */
export function subscribeNotifications(state: PaymentRequestsV2State): Handler {
  return (req) => {
    const caller = requireApp(req, state)
    if (!caller.ok) return caller.response
    const body = parseWith(req, SubscriptionBodySchema, req.body)
    if (!body.ok) return body.response
    const subscription = { subscriptionId: randomUUID(), url: body.data.url }
    caller.app.subscription = subscription
    return { status: 201, json: { subscriptionId: subscription.subscriptionId } }
  }
}

/** DELETE /v2/{product}/paymentrequestssubscription: 204, also when there was none (deleting is idempotent). */
export function deleteNotificationSubscription(state: PaymentRequestsV2State): Handler {
  return (req) => {
    const caller = requireApp(req, state)
    if (!caller.ok) return caller.response
    caller.app.subscription = undefined
    return { status: 204 }
  }
}
