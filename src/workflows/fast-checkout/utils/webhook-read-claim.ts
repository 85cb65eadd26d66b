import type { MedusaContainer } from "@medusajs/framework/types"
import { TIKKIE_MODULE } from "../../../modules/tikkie"
import type TikkieModuleService from "../../../modules/tikkie/service"

/**
 * The least time between two reads of one Fast Checkout order that webhooks start: 5 seconds.
 *
 * Why: a webhook body is not signed, and a shopper can learn real orderTokens (the Store API answers
 * them), so without this every forged webhook for a real open order costs a settlement: an event-bus
 * job, a GET order at Tikkie (out of the store's 250 a second) and a record write. With it, a flood over
 * any number of instances costs one read per order per interval (50 orders: 10 reads a second, a
 * twentieth of the store-wide limit).
 *
 * Why so short: Tikkie sends one webhook per change of an order's status, and an order changes once or
 * twice (NEW to PAID, or to CANCELLED/EXPIRED), never twice within seconds in practice. A real webhook
 * that comes within the interval after another one is not lost: the first skipped webhook schedules a
 * read at the interval's end (a delayed event), and the record becomes due for the poll then too. So a
 * real payment is at most this much later than without the brake, and only while someone floods it.
 */
export const FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS = 5_000

/**
 * What a webhook for an open order may start: `read` now, `defer` one read to `inMs` from now (the first
 * webhook skipped in a claim's interval), or `skip` (a read is claimed or scheduled already; the poll
 * reads the order when the interval ends in any case).
 */
export type WebhookReadClaim = { action: "read" } | { action: "defer"; inMs: number } | { action: "skip" }

/**
 * Claims a webhook-started read of an open order in the database (one atomic UPDATE), so the minimum
 * interval holds across every server and worker instance. `deferred`: the caller is the read a skipped
 * webhook scheduled; it reads only when no other webhook took the claim after the interval ended (that
 * claim's read, made later than any skipped webhook, covers it).
 */
export async function claimFastCheckoutWebhookRead(
  container: MedusaContainer,
  orderToken: string,
  opts: { deferred?: boolean; intervalMs?: number } = {}
): Promise<WebhookReadClaim> {
  const tikkie = container.resolve<TikkieModuleService>(TIKKIE_MODULE)
  const claim = await tikkie.claimFastCheckoutWebhookRead(orderToken, {
    intervalMs: opts.intervalMs ?? FAST_CHECKOUT_WEBHOOK_READ_INTERVAL_MS,
    countDeferral: !opts.deferred,
  })
  // No record (deleted meanwhile): nothing to read; the settlement would find nothing either.
  if (!claim) return { action: "skip" }
  if (claim.claimed) return { action: "read" }
  if (!opts.deferred && claim.deferred === 1) return { action: "defer", inMs: claim.freeInMs }
  return { action: "skip" }
}
