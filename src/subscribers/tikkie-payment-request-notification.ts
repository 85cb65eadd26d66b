import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { PAYMENT_REQUEST_NOTIFICATION_EVENT } from "../api/hooks/tikkie/payment-requests/route"
import { settlePaymentRequest } from "../workflows/payment-request/settle-payment-request"

/** Settles the request a notification named (PAYMENT or REFUND); the poll job retries what this could not finish. */
export default async function tikkiePaymentRequestNotificationHandler({
  event,
  container,
}: SubscriberArgs<{ payment_request_token: string }>) {
  await settlePaymentRequest(container, { paymentRequestToken: event.data.payment_request_token, source: "notification" })
}

export const config: SubscriberConfig = {
  event: PAYMENT_REQUEST_NOTIFICATION_EVENT,
  context: { subscriberId: "tikkie-payment-request-notification" },
}
