import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { FAST_CHECKOUT_WEBHOOK_EVENT, type FastCheckoutWebhookEventData } from "../workflows/utils/events"
import { CoalescingQueue } from "../utils/coalescing-queue"
import { claimFastCheckoutWebhookRead } from "../workflows/fast-checkout/utils/webhook-read-claim"
import type { FastCheckoutStatus } from "tikkie-client/fast-checkout"
import { settleFastCheckoutOrderWorkflow } from "../workflows/fast-checkout/settle-fast-checkout-order"

/**
 * Settlements started by webhooks in this process: a few at a time, repeats of an order folded
 * (coalescing-queue.ts). Eight keeps a storm of paid orders moving without taking every database
 * connection of the store's pool (Medusa's default is 10) away from shoppers and webhook answers.
 */
const WEBHOOK_SETTLEMENTS = new CoalescingQueue(8)

/**
 * Settles the order a Fast Checkout webhook named (or the return route handed over, or a skipped
 * webhook scheduled: `deferred`); the poll job retries what this could not finish.
 */
export default async function tikkieFastCheckoutWebhookHandler({
  event,
  container,
}: SubscriberArgs<FastCheckoutWebhookEventData>) {
  const orderToken = event.data.order_token
  let coveredAfter = event.data.claimed_at
  // The read a skipped webhook scheduled: a webhook that claimed a read after the interval ended covers
  // it (that read starts later than every skipped webhook). Claimed here, before the queue: a waiting
  // task of the queue is shared by every later push of its order, a claimed webhook's included.
  if (event.data.deferred) {
    coveredAfter = new Date().toISOString()
    if ((await claimFastCheckoutWebhookRead(container, orderToken, { deferred: true })).action !== "read") return
  }
  await WEBHOOK_SETTLEMENTS.push(
    orderToken,
    async () =>
      (
        await settleFastCheckoutOrderWorkflow(container).run({
          input: { orderToken, source: "webhook", hint: event.data.status as FastCheckoutStatus, coveredAfter },
        })
      ).result
  )
}

export const config: SubscriberConfig = {
  event: FAST_CHECKOUT_WEBHOOK_EVENT,
  context: { subscriberId: "tikkie-fast-checkout-webhook" },
}
