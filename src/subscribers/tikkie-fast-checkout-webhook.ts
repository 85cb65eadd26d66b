import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { FAST_CHECKOUT_WEBHOOK_EVENT, type FastCheckoutWebhookEventData } from "../workflows/utils/events"
import { CoalescingQueue } from "../utils/coalescing-queue"
import { claimFastCheckoutWebhookRead } from "../workflows/fast-checkout/utils/webhook-read-claim"
import type { FastCheckoutStatus } from "tikkie-client/fast-checkout"
import { settleFastCheckoutOrderWorkflow } from "../workflows/fast-checkout/settle-fast-checkout-order"
import { settleAgainSoon } from "../workflows/utils/retry-soon"
import { isConnectionFailure } from "../utils/connection-failure"
import { errorMessage } from "../utils/error-message"

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
  // The read a skipped webhook scheduled: a webhook that claimed a read after the interval ended covers
  // it (that read starts later than every skipped webhook). Claimed here, before the queue: a waiting
  // task of the queue is shared by every later push of its order, a claimed webhook's included.
  if (
    event.data.deferred &&
    (await claimFastCheckoutWebhookRead(container, orderToken, { deferred: true })).action !== "read"
  )
    return
  await WEBHOOK_SETTLEMENTS.push(orderToken, async () => {
    try {
      return (
        await settleFastCheckoutOrderWorkflow(container).run({
          input: {
            orderToken,
            source: "webhook",
            hint: event.data.status as FastCheckoutStatus,
            retry: event.data.retry,
          },
        })
      ).result
    } catch (e) {
      // The database went away (reading the record, writing it): tried again in seconds, not at the
      // poll's next minute. Anything else fails the job as before; the poll retries it.
      if (!isConnectionFailure(errorMessage(e))) throw e
      await settleAgainSoon(container, {
        kind: "fast-checkout",
        orderToken,
        referenceId: event.data.reference_id,
        retry: event.data.retry,
      })
      return undefined
    }
  })
}

export const config: SubscriberConfig = {
  event: FAST_CHECKOUT_WEBHOOK_EVENT,
  context: { subscriberId: "tikkie-fast-checkout-webhook" },
}
