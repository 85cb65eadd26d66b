import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { PAYMENT_REQUEST_NOTIFICATION_EVENT, type PaymentRequestNotificationEventData } from "../workflows/utils/events"
import { CoalescingQueue } from "../utils/coalescing-queue"
import { settlePaymentRequest } from "../workflows/payment-request/settle-payment-request"
import { settleAgainSoon } from "../workflows/utils/retry-soon"
import { isConnectionFailure } from "../utils/connection-failure"
import { errorMessage } from "../utils/error-message"
import { TIKKIE_MODULE } from "../modules/tikkie"
import type TikkieModuleService from "../modules/tikkie/service"

/** Eight at a time, as for webhooks; a PAYMENT and a REFUND fold too: a settlement reads the whole request. */
const NOTIFICATION_SETTLEMENTS = new CoalescingQueue(8)

/** Settles the request a notification named (PAYMENT or REFUND); the poll job retries what this could not finish. */
export default async function tikkiePaymentRequestNotificationHandler({
  event,
  container,
}: SubscriberArgs<PaymentRequestNotificationEventData>) {
  const paymentRequestToken = event.data.payment_request_token
  // Notifications come from v2 only (v1 sends none); a retry is the plugin's own.
  if (!event.data.retry)
    container.resolve<TikkieModuleService>(TIKKIE_MODULE).callHealth.noteWebhook("payment_requests_v2")
  await NOTIFICATION_SETTLEMENTS.push(paymentRequestToken, () =>
    settlePaymentRequest(container, {
      paymentRequestToken,
      source: "notification",
      retry: event.data.retry,
      traceparent: event.data.traceparent,
    }).catch(async (e: unknown) => {
      // The database went away: tried again in seconds (retry-soon.ts); anything else fails the job.
      if (!isConnectionFailure(errorMessage(e))) throw e
      await settleAgainSoon(container, {
        kind: "payment-request",
        paymentRequestToken,
        providerId: event.data.provider_id,
        retry: event.data.retry,
      })
      return undefined
    })
  )
}

export const config: SubscriberConfig = {
  event: PAYMENT_REQUEST_NOTIFICATION_EVENT,
  context: { subscriberId: "tikkie-payment-request-notification" },
}
