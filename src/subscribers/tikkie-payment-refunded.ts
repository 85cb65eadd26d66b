import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { PaymentEvents } from "@medusajs/framework/utils"
import { recordLinkRefundsWorkflow } from "../workflows/payment-request/record-link-refunds"

/** A refund made through Medusa (admin, return, cancel) on a Tikkie link's payment goes into the link's record. */
export default async function tikkiePaymentRefunded({ event, container }: SubscriberArgs<{ id: string }>) {
  if (!event.data?.id) return
  await recordLinkRefundsWorkflow(container).run({ input: { paymentId: event.data.id } })
}

export const config: SubscriberConfig = {
  event: PaymentEvents.REFUNDED,
  context: { subscriberId: "tikkie-payment-refunded" },
}
