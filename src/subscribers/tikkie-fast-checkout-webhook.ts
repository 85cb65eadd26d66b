import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { FAST_CHECKOUT_WEBHOOK_EVENT } from "../api/hooks/tikkie/fast-checkout/route"
import { settleFastCheckoutOrder } from "../workflows/fast-checkout/settle-fast-checkout-order"

/** Settles the order a Fast Checkout webhook named; the poll job retries what this could not finish. */
export default async function tikkieFastCheckoutWebhookHandler({
  event,
  container,
}: SubscriberArgs<{ order_token: string }>) {
  await settleFastCheckoutOrder(container, { orderToken: event.data.order_token, source: "webhook" })
}

export const config: SubscriberConfig = {
  event: FAST_CHECKOUT_WEBHOOK_EVENT,
  context: { subscriberId: "tikkie-fast-checkout-webhook" },
}
